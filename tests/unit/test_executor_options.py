"""--executor, --ray-address, --actors, --actor-resources: parsed once, bad combinations named."""

from __future__ import annotations

import pytest

from ragstress.distributed.cluster import RayOptions, parse_executor, parse_resources


def test_local_is_the_default_and_takes_no_ray_option():
    assert parse_executor("local") is None
    with pytest.raises(ValueError, match="--ray-address, --actors only apply with --executor ray"):
        parse_executor("local", "127.0.0.1:6379", 2)
    with pytest.raises(ValueError, match="--executor must be one of local, ray"):
        parse_executor("dask")


def test_ray_options_carry_address_actors_and_resources():
    options = parse_executor("ray", "10.0.0.5:6379", 3, '{"GPU": 1, "CPU": 2, "accelerator_type_a100": 0.5}')
    assert options == RayOptions(
        address="10.0.0.5:6379", actors=3, actor_resources={"GPU": 1.0, "CPU": 2.0, "accelerator_type_a100": 0.5}
    )
    assert options.actor_options() == {"num_cpus": 2.0, "num_gpus": 1.0, "resources": {"accelerator_type_a100": 0.5}}
    assert parse_executor("ray").actor_options() == {"num_cpus": 1}
    with pytest.raises(ValueError, match="--actors must be at least 1"):
        parse_executor("ray", actors=0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("GPU=1", "not JSON"),
        ("[1]", "JSON object"),
        ('{"GPU": -1}', "non-negative number"),
        ('{"GPU": true}', "non-negative number"),
    ],
)
def test_bad_actor_resources_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_resources(text)


def test_the_cli_refuses_a_bad_combination_before_any_work(tmp_path):
    from typer.testing import CliRunner

    from ragstress.cli import app

    cases = tmp_path / "cases.jsonl"
    cases.write_text("", encoding="utf-8")
    result = CliRunner().invoke(
        app, ["run", str(cases), "--target", "python:x:y", "--out", str(tmp_path / "out"), "--actors", "2"]
    )
    assert result.exit_code == 2 and "only apply with --executor ray" in " ".join(result.output.split())
    assert not (tmp_path / "out").exists()
