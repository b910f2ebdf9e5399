package io.qrouter.tools.fleet;

import io.qrouter.tools.sim.Antagonists;
import io.qrouter.tools.sim.Distribution;
import io.qrouter.tools.sim.InvalidSettingException;
import io.qrouter.tools.sim.SimSetting;
import io.qrouter.tools.sim.SlotMix;
import java.util.function.Supplier;

/**
 * What kind of servers the fleet simulates, written as the simulator writes it (one parser each,
 * shared): the service requirement of the tasks ({@link Distribution}, mean 1: a task's service
 * time is its work over the rate of a slot), the slots of each server ({@link SlotMix}) and the
 * servers that slow down now and then ({@link Antagonists}, times in seconds). A bad value fails
 * here, its error naming the option.
 *
 * @param service {@code exp} (M/M/c+M), {@code lognormal:SCV}, {@code h2:SCV}, {@code
 *     pareto:ALPHA}, {@code trace:FILE.csv}, …
 * @param slots one number, or a mix such as {@code 1:0.5,4:0.3,16:0.2}
 * @param antagonists {@code none} or {@code COUNT:FACTOR:ON/OFF}, e.g. {@code 4:3:10s/20s}
 */
public record ServerModel(String service, String slots, String antagonists) {
    /** Exponential service, one slot, steady speed: the fleet's M/M/1+M servers. */
    public static final ServerModel DEFAULT = new ServerModel("exp", "1", "none");

    public ServerModel {
        parsed("--service", () -> Distribution.parse(service, SimSetting.SERVICE));
        parsed("--slots", () -> SlotMix.parse(slots));
        parsed("--antagonists", () -> Antagonists.parse(antagonists, true));
    }

    Distribution serviceTimes() {
        return Distribution.parse(service, SimSetting.SERVICE);
    }

    SlotMix slotMix() {
        return SlotMix.parse(slots);
    }

    Antagonists antagonistSpec() {
        return Antagonists.parse(antagonists, true);
    }

    /** There are enough servers for the antagonists; the error names the option. */
    void requireAmong(int servers) {
        parsed(
                "--antagonists",
                () -> {
                    antagonistSpec().requireAmong(servers);
                    return null;
                });
    }

    private static <T> T parsed(String option, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (InvalidSettingException e) {
            throw new IllegalArgumentException(e.messageNaming(option), e);
        }
    }
}
