"""Keys out of messages: the key where it stands as a token, never letters of the words around it."""

from __future__ import annotations

from ragstress.core.redaction import MIN_SECRET_CHARS, REDACTED, redact_secret

LLAMA_CPP = "Input should be 'text' or 'json_object' [type=literal_error, input_value='json_schema']"


def test_a_one_letter_key_garbles_nothing():
    assert redact_secret(LLAMA_CPP, "x") == LLAMA_CPP
    assert "te[redacted]t" not in redact_secret("Input should be 'text'", "x")


def test_keys_shorter_than_the_minimum_are_not_searched_for():
    short = "k" * (MIN_SECRET_CHARS - 1)
    message = f"bad key {short} for model"
    assert redact_secret(message, short) == message
    assert redact_secret("the word dummy and dummykeys", "dummy") == "the word dummy and dummykeys"


def test_a_long_key_is_redacted_where_it_stands_as_a_token():
    key = "sk-abcdef123456"
    for message in (
        f"Incorrect API key provided: {key}.",
        f'{{"error": "bad key \\"{key}\\""}}',
        f"Authorization: Bearer {key}",
        f"https://host/v1?api_key={key}&x=1",
        f"密钥{key}无效",  # no spaces around it in Chinese
    ):
        redacted = redact_secret(message, key)
        assert key not in redacted and REDACTED in redacted, message


def test_a_long_key_is_not_cut_out_of_a_longer_word():
    key = "password"  # eight characters: searched for, but only as a whole token
    assert redact_secret("passwords do not match", key) == "passwords do not match"
    assert redact_secret("key: password", key) == f"key: {REDACTED}"


def test_key_shaped_text_is_hidden_even_when_it_is_not_the_configured_key():
    assert "sk-other987654" not in redact_secret("proxy said sk-other987654 is revoked", "x")
    assert redact_secret("no secrets here", None) == "no secrets here"
