package io.qrouter.tools.health;

import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptionsInternal;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.RecoveryClaimMode;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

/**
 * Where a local run ({@code qrouter run}) resumes: by default the newest complete checkpoint of
 * this job in {@code checkpoint.dir}, else a savepoint or checkpoint the user names, else nothing
 * (a fresh start, said so).
 *
 * <p>Why a fixed job id: Flink writes checkpoints to {@code checkpoint.dir/<job id>/chk-N}, and job
 * ids are random, so every crashed run would leave a directory of its own that no later run looks
 * at, and a shared {@code checkpoint.dir} would not tell one job's checkpoints from another's. A
 * local run's job id is derived from {@code job.name} instead ({@link #jobId}), so all runs of one
 * job share one directory. The newest complete checkpoint there (one with its {@code _metadata}) is
 * restored in CLAIM mode: Flink then owns it and deletes it once newer ones complete ({@code
 * execution.checkpointing.num-retained}, 1 by default). Everything else there that a crash left
 * behind (older checkpoints, incomplete ones) no run would ever use, so {@link #deleteStale}
 * removes it before the job starts; this also keeps the new run's checkpoint ids, which continue
 * after the restored one, clear of old directories. A named savepoint or checkpoint is restored in
 * NO_CLAIM mode: it is the user's and stays as it is. Not for a session cluster ({@code flink
 * run}): its dispatcher refuses a job id it has run before, and Flink's own {@code -s} restores
 * there.
 */
public final class CheckpointRestore {
    /** {@code --restore latest}: the newest complete checkpoint of this job in checkpoint.dir. */
    public static final String LATEST = "latest";

    /** {@code --restore none}: a fresh start; this job's retained checkpoints are deleted. */
    public static final String NONE = "none";

    private static final Pattern CHECKPOINT = Pattern.compile("chk-(\\d+)");
    private static final String METADATA = "_metadata";
    private static final String RECOVERY_PATH_KEY = StateRecoveryOptions.SAVEPOINT_PATH.key();

    private final JobID jobId;
    private final Path jobDirectory;
    private final Path restorePath;
    private final RecoveryClaimMode claimMode;
    private final String description;

    private CheckpointRestore(
            JobID jobId,
            Path jobDirectory,
            Path restorePath,
            RecoveryClaimMode claimMode,
            String description) {
        this.jobId = jobId;
        this.jobDirectory = jobDirectory;
        this.restorePath = restorePath;
        this.claimMode = claimMode;
        this.description = description;
    }

    /**
     * Decides where {@code config}'s job resumes.
     *
     * @param restore {@link #LATEST}, {@link #NONE}, or the path of a savepoint or checkpoint (its
     *     directory or its {@code _metadata} file); {@code flink.execution.state-recovery.path}
     *     counts as such a path
     * @throws IllegalArgumentException naming {@code --restore} when the path holds no savepoint or
     *     checkpoint, or when two restore points are given
     * @throws IOException when checkpoint.dir cannot be read
     */
    public static CheckpointRestore resolve(JobConfig config, String restore) throws IOException {
        String jobName = config.get(ConfigKey.JOB_NAME);
        JobID jobId = jobId(jobName);
        String checkpointDir = config.get(ConfigKey.CHECKPOINT_DIR);
        Path jobDirectory =
                checkpointDir.isEmpty()
                        ? null
                        : new Path(uri(checkpointDir, "checkpoint.dir")).suffix("/" + jobId);
        String passedThrough = config.flinkSettings().get(RECOVERY_PATH_KEY);
        String named = passedThrough;
        if (!restore.equals(LATEST)) {
            if (passedThrough != null) {
                throw new IllegalArgumentException(
                        "--restore "
                                + restore
                                + " and flink."
                                + RECOVERY_PATH_KEY
                                + " both say where to resume: give one");
            }
            named = restore.equals(NONE) ? null : restore;
        }
        if (named != null) {
            Path path = namedSnapshot(named);
            return new CheckpointRestore(
                    jobId,
                    jobDirectory,
                    path,
                    RecoveryClaimMode.NO_CLAIM,
                    "restoring from " + path + " (named; NO_CLAIM: it is left as it is)");
        }
        if (restore.equals(NONE)) {
            return new CheckpointRestore(
                    jobId,
                    jobDirectory,
                    null,
                    null,
                    "starting fresh (--restore none)"
                            + (jobDirectory == null
                                    ? ""
                                    : "; the retained checkpoints of job '"
                                            + jobName
                                            + "' are deleted"));
        }
        if (jobDirectory == null) {
            return new CheckpointRestore(
                    jobId,
                    null,
                    null,
                    null,
                    "starting fresh: checkpoint.dir is not set, so "
                            + "checkpoints live in memory only (set checkpoint.dir to resume after a crash)");
        }
        Complete latest = completeCheckpoints(jobDirectory).stream().findFirst().orElse(null);
        if (latest == null) {
            return new CheckpointRestore(
                    jobId,
                    jobDirectory,
                    null,
                    null,
                    "starting fresh: no complete checkpoint "
                            + "of job '"
                            + jobName
                            + "' in "
                            + jobDirectory);
        }
        Instant written = Instant.ofEpochMilli(latest.completedMillis());
        return new CheckpointRestore(
                jobId,
                jobDirectory,
                latest.directory(),
                RecoveryClaimMode.CLAIM,
                "resuming from checkpoint "
                        + latest.directory().getName()
                        + " of job '"
                        + jobName
                        + "' ("
                        + latest.directory()
                        + ", completed "
                        + written
                        + ", "
                        + Duration.between(written, Instant.now()).toSeconds()
                        + " s ago)");
    }

    /**
     * The job id of every local run of the job named {@code jobName}: the same for the same name.
     */
    public static JobID jobId(String jobName) {
        UUID uuid =
                UUID.nameUUIDFromBytes(("qrouter job " + jobName).getBytes(StandardCharsets.UTF_8));
        return new JobID(uuid.getLeastSignificantBits(), uuid.getMostSignificantBits());
    }

    /** What the run resumes from, or that it starts fresh and why: one line for the user. */
    public String description() {
        return description;
    }

    /** The savepoint or checkpoint restored, or null for a fresh start. */
    public Path restorePath() {
        return restorePath;
    }

    /** Sets the fixed job id and, unless starting fresh, the restore path and claim mode. */
    public void applyTo(Configuration flink) {
        flink.set(PipelineOptionsInternal.PIPELINE_FIXED_JOB_ID, jobId.toHexString());
        if (restorePath != null) {
            flink.set(StateRecoveryOptions.SAVEPOINT_PATH, restorePath.toString());
            if (!flink.containsKey(StateRecoveryOptions.RESTORE_MODE.key())) {
                flink.set(StateRecoveryOptions.RESTORE_MODE, claimMode);
            }
        }
    }

    /**
     * Deletes every {@code chk-N} directory of this job except the one restored: checkpoints of
     * crashed runs that no run would resume (older or incomplete ones). Returns their names.
     */
    public List<String> deleteStale() throws IOException {
        List<String> deleted = new ArrayList<>();
        if (jobDirectory == null) {
            return deleted;
        }
        FileSystem fs = jobDirectory.getFileSystem();
        for (FileStatus status : checkpointDirectories(jobDirectory)) {
            Path dir = status.getPath();
            if (restorePath == null || !sameDirectory(dir, restorePath)) {
                fs.delete(dir, true);
                deleted.add(dir.getName());
            }
        }
        return deleted;
    }

    /**
     * A complete checkpoint: its {@code chk-N} directory, N, and when its {@code _metadata} was
     * written.
     */
    record Complete(Path directory, long id, long completedMillis) {}

    /**
     * The complete checkpoints ({@code chk-N} with a {@code _metadata}) of a job directory, newest
     * first.
     */
    static List<Complete> completeCheckpoints(Path jobDirectory) throws IOException {
        FileSystem fs = jobDirectory.getFileSystem();
        List<Complete> complete = new ArrayList<>();
        for (FileStatus dir : checkpointDirectories(jobDirectory)) {
            Path metadata = new Path(dir.getPath(), METADATA);
            if (fs.exists(metadata)) {
                Matcher id = CHECKPOINT.matcher(dir.getPath().getName());
                id.matches();
                complete.add(
                        new Complete(
                                dir.getPath(),
                                Long.parseLong(id.group(1)),
                                fs.getFileStatus(metadata).getModificationTime()));
            }
        }
        complete.sort(Comparator.comparingLong(Complete::id).reversed());
        return complete;
    }

    private static List<FileStatus> checkpointDirectories(Path jobDirectory) throws IOException {
        FileSystem fs = jobDirectory.getFileSystem();
        List<FileStatus> dirs = new ArrayList<>();
        if (!fs.exists(jobDirectory)) {
            return dirs;
        }
        FileStatus[] children = fs.listStatus(jobDirectory);
        for (FileStatus child : children == null ? new FileStatus[0] : children) {
            if (child.isDir() && CHECKPOINT.matcher(child.getPath().getName()).matches()) {
                dirs.add(child);
            }
        }
        return dirs;
    }

    /**
     * A named savepoint or checkpoint: a directory with a {@code _metadata}, or that file itself.
     */
    private static Path namedSnapshot(String named) throws IOException {
        Path path = new Path(uri(named.replaceAll("(?<=.)/+$", ""), "--restore"));
        FileSystem fs = path.getFileSystem();
        Path directory = path.getName().equals(METADATA) ? path.getParent() : path;
        if (!fs.exists(new Path(directory, METADATA))) {
            throw new IllegalArgumentException(
                    "--restore: no savepoint or checkpoint at "
                            + named
                            + " (expected a directory holding a "
                            + METADATA
                            + " file, or that file)");
        }
        return directory;
    }

    private static boolean sameDirectory(Path a, Path b) {
        return a.toUri()
                .normalize()
                .getPath()
                .replaceAll("/+$", "")
                .equals(b.toUri().normalize().getPath().replaceAll("/+$", ""));
    }

    /** A URI as given ({@code file:///…}, {@code s3://…}), or a local path made absolute. */
    private static URI uri(String location, String what) {
        try {
            URI uri = new URI(location);
            if (uri.getScheme() != null && uri.getScheme().length() > 1) {
                return uri;
            }
        } catch (java.net.URISyntaxException e) {
            // a plain local path
        }
        try {
            return java.nio.file.Path.of(location).toAbsolutePath().normalize().toUri();
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException(what + ": not a path or URI: " + location);
        }
    }
}
