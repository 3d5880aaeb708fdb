"""The bundled model's F16 copy: made once under a temporary name, the shipped file served when it cannot be."""

from __future__ import annotations

from ragstress.llm.local import LocalModelServer
from ragstress.llm.local_main import f16_weights


def test_an_existing_copy_is_served_without_converting_again(tmp_path):
    copy = tmp_path / "model.F16.gguf"
    copy.write_bytes(b"GGUF already converted")
    assert f16_weights(str(tmp_path / "missing.gguf"), copy) == str(copy)


def test_a_source_that_cannot_be_converted_is_served_as_it_is(tmp_path, capfd):
    source = tmp_path / "broken.gguf"
    source.write_bytes(b"not a gguf file")
    copy = tmp_path / "llm" / "broken.F16.gguf"
    assert f16_weights(str(source), copy) == str(source)
    assert not copy.exists() and list(copy.parent.iterdir()) == []  # no partial file left behind
    assert "serving the shipped weights" in capfd.readouterr().err


def test_the_copy_is_named_after_its_source_and_only_the_bundled_model_gets_one(tmp_path):
    source = tmp_path / "Model.Q4_1.gguf"
    source.write_bytes(b"x" * 10)
    path = LocalModelServer.f16_path(source)
    assert path.name.startswith("Model.Q4_1-10-") and path.name.endswith(".F16.gguf") and path.parent.name == "llm"
    assert LocalModelServer().f16_copy and not LocalModelServer(model_path=source).f16_copy
    assert LocalModelServer(model_path=source).weights() == "Model.Q4_1.gguf"
