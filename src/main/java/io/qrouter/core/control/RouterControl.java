package io.qrouter.core.control;

import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.queueing.LoadIndexWeights;
import java.util.Objects;

/**
 * The fleet-wide routing settings operators can change live: the policy, d of power-of-d, K's
 * weights and the idle queue. Version 0 is the job's configuration as started; every applied
 * fleet-wide command raises it, and a router that sees a higher version than it runs rebuilds its
 * policy. A Flink POJO.
 */
public class RouterControl {
    private long version;
    private String policy;
    private int powerOfD;
    private double weightAlpha;
    private double weightSigma;
    private double weightR;
    private boolean idleQueue = true;

    public RouterControl() {}

    /** Version 0: the configured settings. */
    public static RouterControl of(PolicyConfig configured) {
        RouterControl c = new RouterControl();
        c.policy = configured.name().configName();
        c.powerOfD = configured.choices();
        c.weightAlpha = configured.weights().alpha();
        c.weightSigma = configured.weights().sigma();
        c.weightR = configured.weights().r();
        c.idleQueue = configured.idleQueue();
        return c;
    }

    /**
     * {@code base} (router index and count, time unit, ring size, fallback, Prequal) with these
     * settings.
     */
    public PolicyConfig applyTo(PolicyConfig base) {
        return new PolicyConfig(
                PolicyName.parse(policy),
                powerOfD,
                weights(),
                base.routerIndex(),
                base.routerCount(),
                base.virtualNodes(),
                base.loadIndexTimeUnitSeconds(),
                idleQueue,
                base.fallback(),
                base.stalenessWindowSeconds(),
                base.prequal());
    }

    public LoadIndexWeights weights() {
        return new LoadIndexWeights(weightAlpha, weightSigma, weightR);
    }

    RouterControl copy() {
        RouterControl c = new RouterControl();
        c.version = version;
        c.policy = policy;
        c.powerOfD = powerOfD;
        c.weightAlpha = weightAlpha;
        c.weightSigma = weightSigma;
        c.weightR = weightR;
        c.idleQueue = idleQueue;
        return c;
    }

    void setWeights(LoadIndexWeights w) {
        weightAlpha = w.alpha();
        weightSigma = w.sigma();
        weightR = w.r();
    }

    public long getVersion() {
        return version;
    }

    public void setVersion(long version) {
        this.version = version;
    }

    public String getPolicy() {
        return policy;
    }

    public void setPolicy(String policy) {
        this.policy = policy;
    }

    public int getPowerOfD() {
        return powerOfD;
    }

    public void setPowerOfD(int powerOfD) {
        this.powerOfD = powerOfD;
    }

    public double getWeightAlpha() {
        return weightAlpha;
    }

    public void setWeightAlpha(double weightAlpha) {
        this.weightAlpha = weightAlpha;
    }

    public double getWeightSigma() {
        return weightSigma;
    }

    public void setWeightSigma(double weightSigma) {
        this.weightSigma = weightSigma;
    }

    public double getWeightR() {
        return weightR;
    }

    public void setWeightR(double weightR) {
        this.weightR = weightR;
    }

    public boolean isIdleQueue() {
        return idleQueue;
    }

    public void setIdleQueue(boolean idleQueue) {
        this.idleQueue = idleQueue;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RouterControl that
                && version == that.version
                && powerOfD == that.powerOfD
                && Double.compare(weightAlpha, that.weightAlpha) == 0
                && Double.compare(weightSigma, that.weightSigma) == 0
                && Double.compare(weightR, that.weightR) == 0
                && idleQueue == that.idleQueue
                && Objects.equals(policy, that.policy);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                version, policy, powerOfD, weightAlpha, weightSigma, weightR, idleQueue);
    }

    @Override
    public String toString() {
        return "policy "
                + policy
                + ", d "
                + powerOfD
                + ", K weights "
                + weightAlpha
                + ","
                + weightSigma
                + ","
                + weightR
                + ", idle queue "
                + (idleQueue ? "on" : "off")
                + " (version "
                + version
                + ")";
    }
}
