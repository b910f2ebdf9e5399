/**
 * Text from outside the job made safe to show: {@link io.qrouter.core.text.Printable} turns any
 * string (a server id, a command's issuer, a reason quoting input) into one bounded line of
 * printable characters before it reaches a log line or a log record.
 */
package io.qrouter.core.text;
