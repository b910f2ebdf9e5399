package io.qrouter.core.control;

import io.qrouter.core.policy.PolicyConfig;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Everything operators have set: the fleet-wide {@link RouterControl} and each server's {@link
 * ServerAdmin} (servers not listed are active with weight 1). Immutable in use: {@link #apply}
 * returns a new state. A Flink POJO, kept in the control operators' (broadcast) state, so a restart
 * from a checkpoint keeps it.
 */
public class ControlState {
    private long version;
    private RouterControl router;
    private Map<String, ServerAdmin> servers = new HashMap<>();

    /** Too few healthy servers: route over every live one, ejected or not. */
    private boolean panic;

    public ControlState() {}

    /** Nothing set yet: the configured routing settings, every server active. */
    public static ControlState initial(PolicyConfig configured) {
        ControlState s = new ControlState();
        s.router = RouterControl.of(configured);
        return s;
    }

    /** What the control operators did: the new state and, in words, what changed. */
    public record Applied(ControlState state, String change) {}

    /**
     * Validates {@code command} and returns the state with it applied; this state is left as it is.
     *
     * @param knownServer whether a server id is one the job knows (per-server actions need one)
     * @param perTaskRouting false when the job routes in GA batches: fleet-wide policy actions do
     *     not apply then
     * @throws ControlRefusal with the reason, when the command is not valid; nothing changes
     */
    public Applied apply(
            Command command, Predicate<String> knownServer, boolean perTaskRouting, long nowMillis)
            throws ControlRefusal {
        ControlAction action = ControlAction.parse(command.action());
        action.checkShape(command);
        if (action.perServer() && !knownServer.test(command.target())) {
            throw new ControlRefusal("unknown server \"" + command.target() + "\"");
        }
        if (!action.perServer() && !perTaskRouting) {
            throw new ControlRefusal(
                    action.commandName()
                            + " does not apply: the job routes in GA batches "
                            + "(router.policy=ga-batch); restart it with a per-task policy");
        }
        ControlState next = copy();
        next.version = version + 1;
        String change =
                action.perServer()
                        ? next.applyToServer(action, command, nowMillis)
                        : next.applyToRouter(action, command);
        return new Applied(next, change);
    }

    private String applyToRouter(ControlAction action, Command command) throws ControlRefusal {
        RouterControl r = router.copy();
        switch (action) {
            case POLICY -> {
                r.setPolicy(
                        ControlAction.policyName(ControlAction.requireArgument(command, "name"))
                                .configName());
                if (command.argument("d") != null) {
                    r.setPowerOfD(ControlAction.powerOfD(command.argument("d")));
                }
                if (command.argument("k-weights") != null) {
                    r.setWeights(ControlAction.kWeights(command.argument("k-weights")));
                }
                if (command.argument("idle-queue") != null) {
                    r.setIdleQueue(ControlAction.onOff(command.argument("idle-queue")));
                }
            }
            case K_WEIGHTS ->
                    r.setWeights(
                            ControlAction.kWeights(
                                    ControlAction.requireArgument(command, "weights")));
            case POWER_OF_D ->
                    r.setPowerOfD(
                            ControlAction.powerOfD(ControlAction.requireArgument(command, "d")));
            case IDLE_QUEUE ->
                    r.setIdleQueue(
                            ControlAction.onOff(ControlAction.requireArgument(command, "enabled")));
            default -> throw new IllegalStateException("not a fleet-wide action: " + action);
        }
        r.setVersion(router.getVersion() + 1);
        router = r;
        return "routing: " + r;
    }

    private String applyToServer(ControlAction action, Command command, long nowMillis)
            throws ControlRefusal {
        String id = command.target();
        ServerAdmin before = admin(id);
        ServerAdmin after =
                new ServerAdmin(before.getState(), before.getWeight(), before.getSinceMillis());
        switch (action) {
            case DRAIN -> setState(after, AdminState.DRAINING, nowMillis);
            case MAINTENANCE -> setState(after, AdminState.MAINTENANCE, nowMillis);
            case ACTIVE -> setState(after, AdminState.ACTIVE, nowMillis);
            case WEIGHT ->
                    after.setWeight(
                            ControlAction.weight(ControlAction.requireArgument(command, "weight")));
            default -> throw new IllegalStateException("not a per-server action: " + action);
        }
        after.setEjectedUntilMillis(before.getEjectedUntilMillis());
        after.setEjections(before.getEjections());
        if (after.getState() == AdminState.ACTIVE
                && after.getWeight() == ServerAdmin.DEFAULT_WEIGHT
                && after.getEjections() == 0) {
            servers.remove(id);
        } else {
            servers.put(id, after);
        }
        return id + ": " + after;
    }

    private static void setState(ServerAdmin admin, AdminState state, long nowMillis) {
        if (admin.getState() != state) {
            admin.setState(state);
            admin.setSinceMillis(nowMillis);
        }
    }

    /** The server's administrative settings (active, weight 1 when never set). */
    public ServerAdmin admin(String serverId) {
        ServerAdmin a = servers.get(serverId);
        return a != null ? a : new ServerAdmin();
    }

    /** A copy to change (the detectors change states in place). */
    public ControlState copy() {
        ControlState c = new ControlState();
        c.version = version;
        c.router = router;
        servers.forEach(
                (id, a) -> {
                    ServerAdmin copy =
                            new ServerAdmin(a.getState(), a.getWeight(), a.getSinceMillis());
                    copy.setEjectedUntilMillis(a.getEjectedUntilMillis());
                    copy.setEjections(a.getEjections());
                    c.servers.put(id, copy);
                });
        c.panic = panic;
        return c;
    }

    /** Raised by every applied command. */
    public long getVersion() {
        return version;
    }

    public void setVersion(long version) {
        this.version = version;
    }

    public RouterControl getRouter() {
        return router;
    }

    public void setRouter(RouterControl router) {
        this.router = router;
    }

    public boolean isPanic() {
        return panic;
    }

    public void setPanic(boolean panic) {
        this.panic = panic;
    }

    /** Whether routers may send the server tasks: active, and not ejected unless in panic. */
    public boolean acceptsTasks(String serverId) {
        ServerAdmin admin = admin(serverId);
        return admin.getState().acceptsTasks() && (!admin.ejected() || panic);
    }

    /**
     * The server's state as server-metrics shows it: active, draining, drained (draining and
     * empty), maintenance, ejected, or "ejected, routed in panic".
     */
    public String displayState(String serverId, boolean empty) {
        ServerAdmin admin = admin(serverId);
        if (admin.getState() == AdminState.ACTIVE && admin.ejected()) {
            return panic ? "ejected, routed in panic" : "ejected";
        }
        return admin.getState().displayName(empty);
    }

    /** The servers whose settings differ from the default (active, weight 1). */
    public Map<String, ServerAdmin> getServers() {
        return servers;
    }

    public void setServers(Map<String, ServerAdmin> servers) {
        this.servers = new HashMap<>(servers);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ControlState that
                && version == that.version
                && Objects.equals(router, that.router)
                && Objects.equals(servers, that.servers)
                && panic == that.panic;
    }

    @Override
    public int hashCode() {
        return Objects.hash(version, router, servers);
    }

    @Override
    public String toString() {
        return "ControlState{version " + version + ", " + router + ", servers " + servers + "}";
    }
}
