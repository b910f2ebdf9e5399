package io.qrouter.core.control;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The servers admitted under {@code server.admission=allow-list}: exact ids and patterns in which
 * {@code *} stands for any run of characters ({@code rack-7-*}). An exact id is one hash lookup;
 * each pattern a regular-expression match, so a fleet should be listed by ids or a handful of
 * patterns. Immutable; entries are kept sorted, so two lists with the same entries print alike.
 */
public final class AllowList implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Most entries one list holds: a fleet of 20,000 servers listed by id fits five times over. */
    public static final int MAX_ENTRIES = 100_000;

    /** Longest entry, in characters. */
    public static final int MAX_ENTRY_LENGTH = 256;

    private static final AllowList EMPTY = new AllowList(new TreeSet<>());

    private final TreeSet<String> entries;
    private transient Set<String> exact;
    private transient List<String> prefixes;
    private transient List<Pattern> patterns;

    private AllowList(TreeSet<String> entries) {
        this.entries = entries;
    }

    public static AllowList empty() {
        return EMPTY;
    }

    /**
     * The list written as entries separated by commas or whitespace (the form of {@code
     * server.allow-list} and of {@code register}'s argument).
     *
     * @throws IllegalArgumentException naming the first entry that is not valid
     */
    public static AllowList parse(String text) {
        return EMPTY.with(entries(text));
    }

    /** The entries of {@code text}, each checked; none when it is blank. */
    public static List<String> entries(String text) {
        List<String> result = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return result;
        }
        for (String entry : text.trim().split("[,\\s]+")) {
            result.add(checked(entry));
        }
        return result;
    }

    /** This list with {@code added} too; at most {@link #MAX_ENTRIES} in all. */
    public AllowList with(Collection<String> added) {
        TreeSet<String> next = new TreeSet<>(entries);
        for (String entry : added) {
            next.add(checked(entry));
        }
        if (next.size() > MAX_ENTRIES) {
            throw new IllegalArgumentException(
                    "an allow-list holds at most "
                            + MAX_ENTRIES
                            + " entries (would hold "
                            + next.size()
                            + "); list servers by patterns such as rack-7-*");
        }
        return new AllowList(next);
    }

    /** This list without {@code removed} (entries as written: removing an id leaves a pattern). */
    public AllowList without(Collection<String> removed) {
        TreeSet<String> next = new TreeSet<>(entries);
        next.removeAll(removed);
        return new AllowList(next);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    public int size() {
        return entries.size();
    }

    /** True when {@code serverId} is listed, or matches a listed pattern. */
    public boolean admits(String serverId) {
        if (exact == null) {
            compile();
        }
        if (exact.contains(serverId)) {
            return true;
        }
        for (String prefix : prefixes) {
            if (serverId.startsWith(prefix)) {
                return true;
            }
        }
        for (Pattern pattern : patterns) {
            if (pattern.matcher(serverId).matches()) {
                return true;
            }
        }
        return false;
    }

    /** The entries in order, separated by commas: what {@link #parse} reads back. */
    public String asText() {
        return String.join(",", entries);
    }

    /** The entries in order. */
    public List<String> entries() {
        return List.copyOf(entries);
    }

    private void compile() {
        Set<String> ids = new HashSet<>();
        List<String> starts = new ArrayList<>();
        List<Pattern> wildcards = new ArrayList<>();
        for (String entry : entries) {
            int star = entry.indexOf('*');
            if (star < 0) {
                ids.add(entry);
            } else if (star == entry.length() - 1) {
                // the common rack-7-* (and *, which admits every id) is a prefix test, no regex
                starts.add(entry.substring(0, star));
            } else {
                wildcards.add(wildcard(entry));
            }
        }
        patterns = wildcards;
        prefixes = starts;
        exact = ids;
    }

    private static Pattern wildcard(String entry) {
        StringBuilder regex = new StringBuilder();
        String[] literals = entry.split("\\*", -1);
        for (int i = 0; i < literals.length; i++) {
            if (i > 0) {
                regex.append(".*");
            }
            if (!literals[i].isEmpty()) {
                regex.append(Pattern.quote(literals[i]));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    private static String checked(String entry) {
        if (entry.isEmpty() || entry.length() > MAX_ENTRY_LENGTH) {
            throw new IllegalArgumentException(
                    "an allow-list entry has 1 to "
                            + MAX_ENTRY_LENGTH
                            + " characters (got "
                            + entry.length()
                            + ")");
        }
        for (int i = 0; i < entry.length(); i++) {
            char c = entry.charAt(i);
            if (c <= ' ' || c == ',' || c >= 0x7f) {
                throw new IllegalArgumentException(
                        "an allow-list entry is printable ASCII without commas or spaces (entry "
                                + (i == 0 ? "starts" : "has")
                                + " character U+"
                                + String.format("%04X", (int) c)
                                + " at "
                                + i
                                + ")");
            }
        }
        return entry;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AllowList list && list.entries.equals(entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return "AllowList" + entries;
    }
}
