"""Stage 1, ``responses.py``: the text of a response, whatever shape a harness hands in."""

import pytest

from procbench_tools.scoring.responses import NotText, is_reply, response_text

# --- text from the shapes harnesses use -------------------------------------------------------


def test_text_is_itself():
    assert response_text("Final: abc") == "Final: abc"


def test_a_chat_message_list_gives_its_last_assistant_message():
    # TRL's conversational completions, and chat logs with the prompt still in them.
    messages = [
        {"role": "user", "content": "Sort it"},
        {"role": "assistant", "content": "draft"},
        {"role": "assistant", "content": "Final: abc"},
    ]
    assert response_text(messages) == "Final: abc"


def test_content_parts_are_joined():
    message = [{"role": "assistant", "content": [{"type": "text", "text": "Final: "}, {"type": "text", "text": "abc"}]}]
    assert response_text(message) == "Final: abc"


def test_an_openai_chat_completion_gives_its_first_choice():
    completion = {"id": "x", "choices": [{"index": 0, "message": {"role": "assistant", "content": "Final: abc"}}]}
    assert response_text(completion) == "Final: abc"


def test_a_responses_api_object_gives_its_output_text():
    assert response_text({"output_text": "Final: abc"}) == "Final: abc"
    output = {"output": [{"type": "message", "content": [{"type": "output_text", "text": "Final: abc"}]}]}
    assert response_text(output) == "Final: abc"


# --- refusals: one line, never a silent "no answer" -------------------------------------------


@pytest.mark.parametrize(
    ("response", "kind"),
    [(42, "int"), (None, "null"), ({"final": "abc"}, "dict"), (["abc", "abd"], "list"), (b"abc", "bytes")],
)
def test_anything_else_is_refused_naming_its_type(response, kind):
    with pytest.raises(NotText) as refused:
        response_text(response)
    assert str(refused.value) == (
        f"a response of type {kind} holds no text; "
        "a response must be text, a chat message list, or an OpenAI-style completion object"
    )


def test_a_structured_answer_is_not_a_reply():
    # The metric scores a dict or a list of states as a structured answer, not as a reply.
    assert not is_reply({"intermediate": ["a"], "final": "b"})
    assert not is_reply(["a", "b"])
    assert is_reply([{"role": "assistant", "content": "x"}])
    assert is_reply({"choices": [{"message": {"role": "assistant", "content": "x"}}]})
