package io.qrouter.core.policy;

/**
 * A policy's pick before it is counted and reported: the slot, the rule, and the figures behind it.
 * Keys are NaN when the rule did not use K or K is undefined; runnerUp is -1 when nothing was
 * compared.
 */
record Choice(int slot, Rule rule, double chosenK, int runnerUp, double runnerUpK) {

    static Choice of(int slot, Rule rule) {
        return new Choice(slot, rule, Double.NaN, -1, Double.NaN);
    }

    static Choice compared(int slot, Rule rule, int runnerUp) {
        return new Choice(slot, rule, Double.NaN, runnerUp, Double.NaN);
    }
}
