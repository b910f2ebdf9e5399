package io.qrouter.job.serde;

/**
 * Bytes that are not a valid Avro encoding of the expected record. Unchecked, so Kafka
 * deserialisers can throw it; the job catches exactly this type and turns the record into a dead
 * letter whose reason is {@link #getMessage()}.
 */
public final class AvroDecodeException extends RuntimeException {
    public AvroDecodeException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
