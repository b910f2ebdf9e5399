package io.qrouter.job.records;

/**
 * A partial count of one DSRS slot's arrivals of one service type, from one {@link
 * DsrsArrivalCounter}: the keyed DSRS step adds the partial counts of a slot up. A Flink POJO.
 */
public class SlotArrivals {
    private String serviceType;
    private long slot;
    private long count;

    public SlotArrivals() {}

    public SlotArrivals(String serviceType, long slot, long count) {
        this.serviceType = serviceType;
        this.slot = slot;
        this.count = count;
    }

    public String getServiceType() {
        return serviceType;
    }

    public void setServiceType(String serviceType) {
        this.serviceType = serviceType;
    }

    /** Slot t = floor(createdAt / tau). */
    public long getSlot() {
        return slot;
    }

    public void setSlot(long slot) {
        this.slot = slot;
    }

    public long getCount() {
        return count;
    }

    public void setCount(long count) {
        this.count = count;
    }

    @Override
    public String toString() {
        return serviceType + "@" + slot + "×" + count;
    }
}
