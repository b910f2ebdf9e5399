package io.qrouter.tools.sim;

/**
 * A setting of a simulation run as its errors name it: in the simulator's words, never as a
 * command-line option, which only the command line knows (it maps each setting to its option).
 */
public enum SimSetting {
    POLICY("the policy"),
    CHOICES("d of power-of-d"),
    SERVERS("the number of servers"),
    TASKS("the number of tasks"),
    LOAD("the load"),
    ARRIVALS("the arrival process"),
    SERVICE("the service requirement"),
    HETEROGENEITY("the service rates"),
    SLOTS("the slots per server"),
    ANTAGONISTS("the antagonists"),
    PATIENCE("the abandonment rate"),
    ETA("the recovery rate eta"),
    ROUTERS("the number of routers"),
    MEAN_TIME_BETWEEN_FAILURES("the mean time between failures"),
    MEAN_TIME_TO_REPAIR("the mean time to repair"),
    INITIAL_QUEUE_MEAN("the mean initial queue"),
    WARMUP_TASKS("the warm-up tasks"),
    STEP_LENGTH("the step length"),
    UPDATE_DELAY("the update delay"),
    DECISION_DELAY("the decision delay"),
    LOAD_INDEX_TIME_UNIT("the load index time unit"),
    MAX_LOSS_PROBABILITY("the maximum loss probability"),
    SLOW_START("the slow start window"),
    JOINING_SERVERS("the joining servers"),
    JOIN_AT("the join time"),
    STRATEGY_WEIGHTS("the weights delta and zeta of Z");

    private final String words;

    SimSetting(String words) {
        this.words = words;
    }

    /** How an error names the setting, e.g. "the load". */
    public String words() {
        return words;
    }
}
