package io.qrouter.tools.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.job.config.JobConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptionsInternal;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.RecoveryClaimMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a local run resumes, and what it deletes, over checkpoint directories as Flink lays them
 * out.
 */
class CheckpointRestoreTest {
    @TempDir Path root;

    private JobConfig config(String... more) {
        JobConfig config = JobConfig.defaults().with("checkpoint.dir", root.toUri().toString());
        for (String setting : more) {
            int eq = setting.indexOf('=');
            config = config.with(setting.substring(0, eq), setting.substring(eq + 1));
        }
        return config;
    }

    /** {@code checkpoint.dir/<job id>/chk-N}, with a {@code _metadata} when complete. */
    private Path checkpoint(String jobName, int id, boolean complete) throws IOException {
        Path dir =
                Files.createDirectories(
                        root.resolve(CheckpointRestore.jobId(jobName).toHexString())
                                .resolve("chk-" + id));
        if (complete) {
            Files.writeString(dir.resolve("_metadata"), "metadata of " + id);
        }
        return dir;
    }

    @Test
    void theJobIdIsTheSameForTheSameNameAndDiffersBetweenNames() {
        assertThat(CheckpointRestore.jobId("qrouter"))
                .isEqualTo(CheckpointRestore.jobId("qrouter"))
                .isNotEqualTo(CheckpointRestore.jobId("qrouter-eu"));
    }

    @Test
    void resumesTheNewestCompleteCheckpointInClaimModeAndDeletesTheRest() throws Exception {
        checkpoint("qrouter", 7, true);
        Path newest = checkpoint("qrouter", 12, true);
        checkpoint("qrouter", 13, false); // a crash in the middle of checkpoint 13
        checkpoint("other-job", 40, true);

        CheckpointRestore restore = CheckpointRestore.resolve(config(), CheckpointRestore.LATEST);
        assertThat(restore.description())
                .startsWith("resuming from checkpoint chk-12 of job 'qrouter' (");
        Configuration flink = new Configuration();
        restore.applyTo(flink);
        assertThat(Path.of(java.net.URI.create(flink.get(StateRecoveryOptions.SAVEPOINT_PATH))))
                .isEqualTo(newest);
        assertThat(flink.get(StateRecoveryOptions.RESTORE_MODE)).isEqualTo(RecoveryClaimMode.CLAIM);
        assertThat(flink.get(PipelineOptionsInternal.PIPELINE_FIXED_JOB_ID))
                .isEqualTo(CheckpointRestore.jobId("qrouter").toHexString());

        assertThat(restore.deleteStale()).containsExactlyInAnyOrder("chk-7", "chk-13");
        assertThat(checkpoints("qrouter")).containsExactly("chk-12");
        assertThat(checkpoints("other-job"))
                .as("another job's checkpoints are its own")
                .containsExactly("chk-40");
    }

    @Test
    void startsFreshSayingWhyWhenThereIsNothingToResume() throws Exception {
        checkpoint("qrouter", 3, false);
        CheckpointRestore restore = CheckpointRestore.resolve(config(), CheckpointRestore.LATEST);
        assertThat(restore.description())
                .startsWith("starting fresh: no complete checkpoint of job 'qrouter' in ");
        assertThat(restore.restorePath()).isNull();
        assertThat(restore.deleteStale()).containsExactly("chk-3");

        CheckpointRestore noDir =
                CheckpointRestore.resolve(JobConfig.defaults(), CheckpointRestore.LATEST);
        assertThat(noDir.description()).startsWith("starting fresh: checkpoint.dir is not set");
        assertThat(noDir.deleteStale()).isEmpty();
    }

    @Test
    void noneStartsFreshAndDeletesTheJobsCheckpoints() throws Exception {
        checkpoint("qrouter", 5, true);
        CheckpointRestore restore = CheckpointRestore.resolve(config(), CheckpointRestore.NONE);
        Configuration flink = new Configuration();
        restore.applyTo(flink);
        assertThat(flink.getOptional(StateRecoveryOptions.SAVEPOINT_PATH)).isEmpty();
        assertThat(restore.deleteStale()).containsExactly("chk-5");
    }

    @Test
    void aNamedSnapshotIsRestoredWithoutClaimingItAndKept() throws Exception {
        Path named = checkpoint("qrouter", 9, true);
        checkpoint("qrouter", 11, true);
        CheckpointRestore restore =
                CheckpointRestore.resolve(config(), named.resolve("_metadata").toString());
        Configuration flink = new Configuration();
        restore.applyTo(flink);
        assertThat(Path.of(java.net.URI.create(flink.get(StateRecoveryOptions.SAVEPOINT_PATH))))
                .isEqualTo(named);
        assertThat(flink.get(StateRecoveryOptions.RESTORE_MODE))
                .isEqualTo(RecoveryClaimMode.NO_CLAIM);
        assertThat(restore.deleteStale()).containsExactly("chk-11");
        assertThat(checkpoints("qrouter")).containsExactly("chk-9");

        CheckpointRestore passedThrough =
                CheckpointRestore.resolve(
                        config("flink.execution.state-recovery.path=" + named.toUri()),
                        CheckpointRestore.LATEST);
        assertThat(passedThrough.restorePath().getName()).isEqualTo("chk-9");
    }

    @Test
    void aPathWithoutASnapshotOrTwoRestorePointsAreRefusedNamingTheOption() throws Exception {
        assertThatThrownBy(
                        () ->
                                CheckpointRestore.resolve(
                                        config(), root.resolve("nothing-here").toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--restore: no savepoint or checkpoint at ");
        Path named = checkpoint("qrouter", 2, true);
        assertThatThrownBy(
                        () ->
                                CheckpointRestore.resolve(
                                        config(
                                                "flink.execution.state-recovery.path="
                                                        + named.toUri()),
                                        named.toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("both say where to resume");
    }

    private List<String> checkpoints(String jobName) throws IOException {
        try (Stream<Path> dirs =
                Files.list(root.resolve(CheckpointRestore.jobId(jobName).toHexString()))) {
            return dirs.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
