"""Docs questions asked alone: no signature placeholders, no entry another copies, no pointer to the page."""

from __future__ import annotations

from ragstress.generators.questions.single_answer import asks_alone, placeholders

_PLUGIN = """SteamRoutePlugin

The SteamRoutePlugin lets you send steam that matches ventPattern to targetVent.

```js
new kettle.SteamRoutePlugin(ventPattern, targetVent);
```
"""

_OPTIONS = """Options

match

- Type: string | RegExp

The cups to be filled.

only

- Type: string | RegExp

Same as `match`, the cups to be filled.

spout

Sets the spout's angle in degrees.
"""

_EXAMPLE = """Pure recipes

Recipes with no side effects can be skipped when their result is unused.

Plugins can help too. For example, BoilGuard keeps the lid on.

For example, the following steepLeaves recipe is declared as pure:

```js
function steepLeaves(pot) { return pot.leaves; }
```
"""


def test_a_signature_placeholder_in_the_question_is_not_asked():
    question = "Which plugin lets you send steam that matches ventPattern to targetVent?"
    assert placeholders(question, ["SteamRoutePlugin"], _PLUGIN) == ["targetVent", "ventPattern"]
    assert not asks_alone(question, ["SteamRoutePlugin"], _PLUGIN)
    assert asks_alone("Which plugin routes steam to another vent?", ["SteamRoutePlugin"], _PLUGIN)


def test_an_entry_another_entry_copies_has_two_answers():
    assert not asks_alone("Which option sets the cups to be filled?", ["match"], _OPTIONS)
    assert asks_alone("Which option sets the spout's angle in degrees?", ["spout"], _OPTIONS)


def test_a_pointer_to_the_page_or_an_example_name_is_not_asked():
    assert not asks_alone("Which option can be migrated as follows?", ["spout"], _OPTIONS)
    assert not asks_alone("Which function is declared as pure?", ["steepLeaves"], _EXAMPLE)
    # a documented name a sentence brings in "for example" is stated a fact of
    assert asks_alone("Which plugin keeps the lid on?", ["BoilGuard"], _EXAMPLE)
    # a comparison of values is no pointer
    assert asks_alone("Which option sets the angle above which the spout drips?", ["spout"], _OPTIONS)


def test_a_value_alone_says_nothing_of_which_option_takes_it():
    assert not asks_alone("Which option is set to undefined in Kettle?", ["spout"], _OPTIONS)
    assert not asks_alone("Which property is set to 'auto' in Kettle?", ["spout"], _OPTIONS)
    assert asks_alone("Which option is set to false to keep the lid shut?", ["spout"], _OPTIONS)
