package io.qrouter.core.dsrs;

/**
 * A_i(t): the arrivals of service {@code serviceType} in slot {@code slot} (t = floor(eventTime /
 * τ)).
 */
public record SlotInput(long slot, String serviceType, long arrivals) {}
