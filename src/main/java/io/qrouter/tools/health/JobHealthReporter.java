package io.qrouter.tools.health;

import java.util.Properties;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

/**
 * A Flink metric reporter that hands every metric of a cluster in this JVM to a {@link JobHealth},
 * which keeps the few it reads. Flink finds the {@link Factory} through {@code META-INF/services};
 * {@link JobHealth#reporterSettings} names it and the health view it reports to.
 */
final class JobHealthReporter implements MetricReporter {
    private final JobHealth health;

    private JobHealthReporter(JobHealth health) {
        this.health = health;
    }

    @Override
    public void open(MetricConfig config) {}

    @Override
    public void close() {}

    @Override
    public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
        health.added(metric, name, group);
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {
        health.removed(metric);
    }

    /**
     * Creates the reporter of the health view named by the reporter's {@code health-id} setting.
     */
    public static final class Factory implements MetricReporterFactory {
        @Override
        public MetricReporter createMetricReporter(Properties properties) {
            JobHealth health = JobHealth.byId(properties.getProperty(JobHealth.ID_KEY));
            if (health == null) {
                throw new IllegalStateException(
                        "no open JobHealth with id " + properties.getProperty(JobHealth.ID_KEY));
            }
            return new JobHealthReporter(health);
        }
    }
}
