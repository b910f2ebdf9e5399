package io.qrouter.tools.sim;

import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * The service rate of each server, in tasks per mean service time of a rate-1 server. Written
 * {@code none} (all 1), {@code uniform:LO,HI} (independent uniform rates) or {@code
 * bimodal:FRACTION,RATE} (the first FRACTION of the servers run at RATE, the others at 1).
 */
public record ServiceRates(String spec) {

    public ServiceRates {
        rates(spec, 1, new java.util.SplittableRandom(0));
    }

    static ServiceRates none() {
        return new ServiceRates("none");
    }

    double[] rates(int servers, RandomGenerator random) {
        return rates(spec, servers, random);
    }

    private static double[] rates(String spec, int servers, RandomGenerator random) {
        if (spec == null) {
            throw new InvalidSettingException(
                    SimSetting.HETEROGENEITY,
                    "is required (none, uniform:LO,HI or bimodal:FRACTION,RATE)");
        }
        double[] mu = new double[servers];
        String s = spec.trim().toLowerCase(Locale.ROOT);
        if (s.equals("none")) {
            java.util.Arrays.fill(mu, 1.0);
        } else if (s.startsWith("uniform:")) {
            String[] p = s.substring(8).split(",", -1);
            requireTwo(spec, p);
            double lo =
                    Specs.parseDouble(
                            p[0], SimSetting.HETEROGENEITY, "uniform:LO,HI LO", 1e-6, 1e6);
            double hi =
                    Specs.parseDouble(p[1], SimSetting.HETEROGENEITY, "uniform:LO,HI HI", lo, 1e6);
            for (int i = 0; i < servers; i++) {
                mu[i] = lo + (hi - lo) * random.nextDouble();
            }
        } else if (s.startsWith("bimodal:")) {
            String[] p = s.substring(8).split(",", -1);
            requireTwo(spec, p);
            double fraction =
                    Specs.parseDouble(
                            p[0], SimSetting.HETEROGENEITY, "bimodal:FRACTION,RATE FRACTION", 0, 1);
            double rate =
                    Specs.parseDouble(
                            p[1],
                            SimSetting.HETEROGENEITY,
                            "bimodal:FRACTION,RATE RATE",
                            1e-6,
                            1e6);
            int fast = (int) Math.round(fraction * servers);
            for (int i = 0; i < servers; i++) {
                mu[i] = i < fast ? rate : 1.0;
            }
        } else {
            throw new InvalidSettingException(
                    SimSetting.HETEROGENEITY,
                    "must be none, uniform:LO,HI or bimodal:FRACTION,RATE (got \"" + spec + "\")");
        }
        return mu;
    }

    private static void requireTwo(String spec, String[] parts) {
        if (parts.length != 2) {
            throw new InvalidSettingException(
                    SimSetting.HETEROGENEITY,
                    "needs two numbers after the colon (got \"" + spec + "\")");
        }
    }
}
