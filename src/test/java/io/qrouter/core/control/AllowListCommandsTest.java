package io.qrouter.core.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class AllowListCommandsTest {
    private static Command command(String... words) {
        return CommandWords.parse("id", "it", 0, List.of(words));
    }

    @Test
    void registerDeregisterAndServers() throws ControlRefusal {
        AllowList list = AllowList.parse("server-1");
        AllowList registered =
                AllowListCommands.apply(list, command("register", "server-2", "rack-7-*"));
        assertThat(registered.entries()).containsExactly("rack-7-*", "server-1", "server-2");
        AllowList deregistered =
                AllowListCommands.apply(registered, command("deregister", "server-1"));
        assertThat(deregistered.entries()).containsExactly("rack-7-*", "server-2");
        assertThat(AllowListCommands.apply(deregistered, command("servers")))
                .isSameAs(deregistered);
        assertThat(AllowListCommands.describe("allow-list", deregistered))
                .isEqualTo("server.admission=allow-list; allow-list of 2: rack-7-*, server-2");
        assertThat(AllowListCommands.describe("open", AllowList.empty()))
                .startsWith("server.admission=open; allow-list of 0 (open admission");
    }

    @Test
    void aLongListIsShownInPart() {
        AllowList list = AllowList.empty();
        for (int i = 0; i < AllowListCommands.LISTED + 5; i++) {
            list = list.with(List.of(String.format("s-%03d", i)));
        }
        String text = AllowListCommands.describe("allow-list", list);
        assertThat(text).contains("s-000").contains("… and 5 more").doesNotContain("s-044");
    }

    @Test
    void refusalsSayWhy() {
        AllowList list = AllowList.parse("server-1");
        assertThatThrownBy(() -> AllowListCommands.apply(list, command("deregister", "server-7")))
                .isInstanceOf(ControlRefusal.class)
                .hasMessageContaining("none of server-7 is on the allow-list");
        assertThatThrownBy(() -> AllowListCommands.apply(list, command("register", "bad\u001bid")))
                .isInstanceOf(ControlRefusal.class)
                .hasMessageContaining("printable ASCII");
        assertThatThrownBy(() -> command("register"))
                .hasMessageContaining("usage: register ID|PATTERN");
        assertThatThrownBy(() -> command("servers", "x")).hasMessageContaining("usage: servers");
    }
}
