package io.qrouter.core.control;

import java.util.List;

/**
 * {@code register}, {@code deregister} and {@code servers} on an {@link AllowList}: what the
 * control authentication operator applies, since these commands name servers the job may not know
 * yet.
 */
public final class AllowListCommands {
    /** Entries an answer lists before it says how many more there are. */
    static final int LISTED = 40;

    private AllowListCommands() {}

    /** True for the three actions this class applies. */
    public static boolean handles(String action) {
        return action.equals(ControlAction.REGISTER.commandName())
                || action.equals(ControlAction.DEREGISTER.commandName())
                || action.equals(ControlAction.SERVERS.commandName());
    }

    /**
     * The list after {@code command} ({@code servers} leaves it as it is).
     *
     * @throws ControlRefusal with the reason: a bad entry, too many, or none of the entries to
     *     deregister is listed
     */
    public static AllowList apply(AllowList list, Command command) throws ControlRefusal {
        ControlAction action = ControlAction.parse(command.action());
        action.checkShape(command);
        if (action == ControlAction.SERVERS) {
            return list;
        }
        List<String> entries;
        try {
            entries = AllowList.entries(ControlAction.requireArgument(command, "servers"));
        } catch (IllegalArgumentException e) {
            throw new ControlRefusal(e.getMessage());
        }
        if (action == ControlAction.DEREGISTER) {
            if (entries.stream().noneMatch(list.entries()::contains)) {
                throw new ControlRefusal(
                        "none of "
                                + String.join(", ", entries)
                                + " is on the allow-list (deregister names entries as registered)");
            }
            return list.without(entries);
        }
        try {
            return list.with(entries);
        } catch (IllegalArgumentException e) {
            throw new ControlRefusal(e.getMessage());
        }
    }

    /** The list in words, for the command's answer: the mode, the size, the first entries. */
    public static String describe(String mode, AllowList list) {
        List<String> entries = list.entries();
        StringBuilder text =
                new StringBuilder("server.admission=")
                        .append(mode)
                        .append("; allow-list of ")
                        .append(entries.size())
                        .append(entries.isEmpty() ? "" : ": ");
        text.append(String.join(", ", entries.subList(0, Math.min(LISTED, entries.size()))));
        if (entries.size() > LISTED) {
            text.append(" … and ").append(entries.size() - LISTED).append(" more");
        }
        if (mode.equals("open")) {
            text.append(" (open admission: every server is admitted, listed or not)");
        }
        return text.toString();
    }
}
