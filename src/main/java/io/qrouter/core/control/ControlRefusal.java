package io.qrouter.core.control;

/** A command that cannot be applied; the message is the reason written to the control-log. */
public class ControlRefusal extends Exception {
    private static final long serialVersionUID = 1L;

    public ControlRefusal(String reason) {
        super(reason);
    }
}
