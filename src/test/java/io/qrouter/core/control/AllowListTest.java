package io.qrouter.core.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class AllowListTest {
    @Test
    void admitsListedIdsAndPatternsOnly() {
        AllowList list = AllowList.parse("server-1, server-2\nrack-7-*,*-canary,a*b*c");
        assertThat(list.admits("server-1")).isTrue();
        assertThat(list.admits("server-3")).isFalse();
        assertThat(list.admits("server-10")).isFalse();
        assertThat(list.admits("rack-7-")).isTrue();
        assertThat(list.admits("rack-7-x9")).isTrue();
        assertThat(list.admits("rack-70")).isFalse();
        assertThat(list.admits("eu-canary")).isTrue();
        assertThat(list.admits("eu-canary-2")).isFalse();
        assertThat(list.admits("aXbYc")).isTrue();
        assertThat(list.admits("acb")).isFalse();
        assertThat(AllowList.empty().admits("server-1")).isFalse();
        assertThat(AllowList.parse("*").admits("anything at all")).isTrue();
    }

    @Test
    void regexCharactersInAnEntryAreLiteral() {
        AllowList list = AllowList.parse("s.1,t+*");
        assertThat(list.admits("s.1")).isTrue();
        assertThat(list.admits("sx1")).isFalse();
        assertThat(list.admits("t+9")).isTrue();
        assertThat(list.admits("tt9")).isFalse();
    }

    @Test
    void registerAndDeregisterChangeOnlyWhatTheyName() {
        AllowList list = AllowList.parse("rack-7-*");
        AllowList more = list.with(List.of("server-9", "server-9"));
        assertThat(more.entries()).containsExactly("rack-7-*", "server-9");
        assertThat(list.entries()).containsExactly("rack-7-*");
        AllowList less = more.without(List.of("rack-7-1", "rack-7-*"));
        assertThat(less.entries()).containsExactly("server-9");
        assertThat(AllowList.parse(more.asText())).isEqualTo(more);
    }

    @Test
    void badEntriesAreRefusedNamingWhy() {
        assertThatThrownBy(() -> AllowList.parse("ok,bad\u0007id"))
                .hasMessageContaining("printable ASCII")
                .hasMessageContaining("U+0007");
        assertThatThrownBy(() -> AllowList.parse("x".repeat(AllowList.MAX_ENTRY_LENGTH + 1)))
                .hasMessageContaining("1 to " + AllowList.MAX_ENTRY_LENGTH);
        List<String> many =
                java.util.stream.IntStream.rangeClosed(0, AllowList.MAX_ENTRIES)
                        .mapToObj(i -> "s-" + i)
                        .toList();
        assertThatThrownBy(() -> AllowList.empty().with(many))
                .hasMessageContaining("at most " + AllowList.MAX_ENTRIES);
    }

    /** Against an independent glob matcher: recursion over the pattern, no regular expression. */
    @Property(tries = 2000)
    void aPatternAdmitsExactlyWhatAGlobMatches(
            @ForAll @StringLength(min = 1, max = 8) @CharRange(from = 'a', to = 'c') String literal,
            @ForAll @StringLength(max = 10) @CharRange(from = 'a', to = 'c') String id,
            @ForAll boolean leadingStar,
            @ForAll int starAt) {
        StringBuilder pattern = new StringBuilder(literal);
        pattern.insert(Math.floorMod(starAt, literal.length() + 1), '*');
        if (leadingStar) {
            pattern.insert(0, '*');
        }
        String entry = pattern.toString();
        assertThat(AllowList.parse(entry).admits(id)).isEqualTo(glob(entry, 0, id, 0));
    }

    private static boolean glob(String pattern, int p, String text, int t) {
        if (p == pattern.length()) {
            return t == text.length();
        }
        if (pattern.charAt(p) == '*') {
            for (int skip = t; skip <= text.length(); skip++) {
                if (glob(pattern, p + 1, text, skip)) {
                    return true;
                }
            }
            return false;
        }
        return t < text.length()
                && pattern.charAt(p) == text.charAt(t)
                && glob(pattern, p + 1, text, t + 1);
    }
}
