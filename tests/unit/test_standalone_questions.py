"""A question names what it asks about: a noun only a few pages write needs its owner named (made-up docs)."""

from ragstress.core.types import Chunk
from ragstress.generators.questions.standalone_en import CommonNouns, names_an_owner, noun_key, standalone


def _chunk(doc: str, text: str) -> Chunk:
    return Chunk(id=f"{doc}#0", doc_id=doc, text=text, start=0, end=len(text))


def _kettle_docs() -> CommonNouns:
    pages = [
        _chunk(f"guide/page{n}.md", "The pot holds the water. Each page of the site brews tea.") for n in range(12)
    ]
    pages.append(_chunk("plugins/steep.md", "The plugin writes the timer channel. The channel sends a whistle."))
    return CommonNouns(pages)


def test_plural_and_singular_count_alike():
    assert noun_key("Tags") == "tag" and noun_key("entries") == "entry" and noun_key("class") == "class"


def test_a_noun_of_most_pages_is_common_ground():
    nouns = _kettle_docs()
    assert nouns.common("pot") and nouns.common("pots") and nouns.common("site")
    assert not nouns.common("channel") and not nouns.common("whistle")


def test_a_rare_definite_noun_without_owner_is_not_standalone():
    nouns = _kettle_docs()
    assert not standalone("Through which option can the channel be modified in Kettle?", "Kettle", nouns)
    assert not standalone("Which option sets the sound of the whistle?", "Kettle", nouns)


def test_a_named_owner_or_a_self_naming_phrase_makes_it_standalone():
    nouns = _kettle_docs()
    assert standalone("Which property of useSteep sets the channel?", "Kettle", nouns)
    assert standalone("Which option of steep.timer changes the channel?", "Kettle", nouns)
    assert standalone("Which function renders the Whistle channel?", "Kettle", nouns)
    assert standalone("Which Kettle option sets the water of the pot?", "Kettle", nouns)


def test_the_product_alone_is_no_owner():
    assert not names_an_owner("Which option sets the channel in Kettle Tools?", "Kettle Tools")
    assert names_an_owner("Which option of Steeper sets the channel in Kettle?", "Kettle")
    assert names_an_owner("Which Kettle option sets the channel?", "Kettle")
    assert names_an_owner("What is the default value of Kettle's channel option?", "Kettle")
    assert standalone("哪个选项设置频道？", "Kettle", _kettle_docs())


def test_the_products_constructor_is_an_owner():
    assert names_an_owner("What is the default value of the lid parameter of Kettle()?", "Kettle")


def test_shares_are_of_the_english_pages_of_a_bilingual_corpus():
    english = [_chunk(f"en/pot{n}.md", "The pot holds the water.") for n in range(4)]
    english += [_chunk(f"en/page{n}.md", "The site brews tea.") for n in range(36)]
    chinese = [_chunk(f"zh/page{n}.md", "壶里装着水，`Kettle()` 负责烧水和泡茶。") for n in range(40)]
    nouns = CommonNouns(english + chinese)
    assert nouns.documents == 40
    assert nouns.common("pot")  # 4 of 40 English pages; 4 of 80 pages would be too few
    assert not CommonNouns(english[1:]).common("pot")  # 3 of 39: below 8%
