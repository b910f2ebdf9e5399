package io.qrouter.tools.experiments;

import io.qrouter.tools.report.Progress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Independent simulation runs of an experiment spread over a few threads, with a progress line.
 * Each run is seeded by its own configuration, so the results (returned in the order of the inputs)
 * do not depend on the thread count.
 */
final class ParallelRuns {
    private ParallelRuns() {}

    /**
     * @param label the experiment's name on the progress line
     * @param inputs one per run
     * @param describe what the progress line says of a finished run
     * @param run the run itself
     */
    static <I, O> List<O> run(
            String label,
            List<I> inputs,
            Function<I, String> describe,
            Function<I, O> run,
            int threads,
            boolean showProgress) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1 (got " + threads + ")");
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicLong done = new AtomicLong();
        try (Progress progress = new Progress(label, inputs.size(), showProgress)) {
            List<Future<O>> futures = new ArrayList<>(inputs.size());
            for (I input : inputs) {
                futures.add(
                        pool.submit(
                                () -> {
                                    O output = run.apply(input);
                                    long d = done.incrementAndGet();
                                    synchronized (progress) {
                                        progress.update(d, describe.apply(input));
                                    }
                                    return output;
                                }));
            }
            List<O> outputs = new ArrayList<>(futures.size());
            for (Future<O> f : futures) {
                outputs.add(f.get());
            }
            return outputs;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(label + " interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "a " + label + " run failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
