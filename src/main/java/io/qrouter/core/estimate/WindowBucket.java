package io.qrouter.core.estimate;

/**
 * One time bucket of a {@link BucketedSums} window: its absolute index and the sum of every series
 * in it. The no-argument constructor and setters are for the job's serializers.
 */
public class WindowBucket {
    private long bucket;
    private double[] sums;

    /** For the job's serializers only. */
    public WindowBucket() {}

    WindowBucket(long bucket, int series) {
        this.bucket = bucket;
        this.sums = new double[series];
    }

    /** A deep copy. */
    public WindowBucket copy() {
        WindowBucket to = new WindowBucket();
        to.bucket = bucket;
        to.sums = sums == null ? null : sums.clone();
        return to;
    }

    public long getBucket() {
        return bucket;
    }

    public void setBucket(long bucket) {
        this.bucket = bucket;
    }

    public double[] getSums() {
        return sums;
    }

    public void setSums(double[] sums) {
        this.sums = sums;
    }
}
