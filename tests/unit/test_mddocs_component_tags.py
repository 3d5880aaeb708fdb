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


def test_a_hyphenated_package_is_code_where_its_kind_is_named_and_it_is_linked_or_of_the_product():
    from ragstress.generators.questions.mddocs_code import code_names

    linked = code_names("框架提供了 [kettle-pot] 插件来烧水", {}, "Kettle")
    assert [(n.name, n.kind) for n in linked] == [("kettle-pot", "plugin")]
    family = code_names("Use the kettle-lid plugin to keep the heat", {}, "Kettle")
    assert [(n.name, n.kind) for n in family] == [("kettle-lid", "plugin")]
    assert code_names("Kettle ships a built-in plugin for tea", {}, "Kettle") == []
    assert code_names("Use the tea-leaf module to steep", {}, "Kettle") == []  # neither linked nor the product's
