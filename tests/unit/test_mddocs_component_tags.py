"""A UI library's PascalCase page titles name components, not classes (made-up docs)."""

from ragstress.generators.questions.corpus_names import titled_components
from ragstress.generators.questions.mddocs_code import component_tags


def test_tags_in_code_are_components():
    assert component_tags("<KettleLid size={2} />") == {"KettleLid": "component"}
    assert component_tags("if (a < B) return") == {}


def test_pascal_case_titles_are_components_where_the_docs_use_tags():
    kinds = {"KettleLid": "component", "brew": "function"}
    titles = {"a.md": "KettleSpout", "b.md": "Getting started", "c.md": "brew"}
    assert titled_components(kinds, titles)["KettleSpout"] == "component"
    assert "Getting started" not in titled_components(kinds, titles)
    assert titled_components({"brew": "function"}, titles) == {"brew": "function"}  # no tags: nothing to tell


def test_a_type_argument_is_not_a_tag():
    assert component_tags("  readonly pots: ReadonlySet<Kettle>; // every pot") == {}
    assert component_tags("const lids: Array<Lid> = [];") == {}
    assert component_tags("return cond ? <Lid /> : <Spout>x</Spout>;") == {"Lid": "component", "Spout": "component"}


def test_an_upper_case_placeholder_in_angle_brackets_is_no_component():
    assert component_tags("config.keys = '<YOUR_SECURITY_COOKIE_KEYS>';") == {}
    assert component_tags("appId: <BLANK>,") == {}
    assert component_tags("<KettleLid />") == {"KettleLid": "component"}
