"""An API object's page asks its entries as the object's methods and properties, by the object's name."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.api_objects_en import asked_of_object, object_pages

_OBJECT_PAGE = """Kettle

The kettle object is handed to every brewing plugin.

```js
kettle.boil(90);
kettle.pour('cup');
const temperature = kettle.readTemperature();
```

boil

Heats the water to the given temperature.
"""

_CONFIG_PAGE = """Output

output.dir sets where cups are placed; output.name names them; output.lid closes them.

```js
export default { output: { dir: 'cups' } };
output.clean();
```
"""


def _chunk(text: str, doc: str) -> Chunk:
    return Chunk(id=doc, doc_id=doc, text=text, start=0, end=len(text))


def test_a_page_calling_its_title_s_members_documents_an_object():
    pages = object_pages([_chunk(_OBJECT_PAGE, "api/kettle.md"), _chunk(_CONFIG_PAGE, "config/output.md")])
    assert pages == {"api/kettle.md": "Kettle"}  # the configuration page calls one member and names three


def test_a_member_is_asked_of_its_object():
    asked = asked_of_object(
        "Which function heats the water to the given temperature in Brewer?", ["boil"], "Kettle", "Brewer"
    )
    assert asked == "Which Kettle method heats the water to the given temperature?"
    asked = asked_of_object(
        "Which Brewer option tells whether the lid is shut?", ["kettle.lidShut"], "Kettle", "Brewer"
    )
    assert asked == "Which Kettle property tells whether the lid is shut?"
    # another object's name, or a question of another shape, is left as it was
    other = "Which function heats the water in Brewer?"
    assert asked_of_object(other, ["stove.heat"], "Kettle", "Brewer") == other
    typed = "What is the type of Brewer's boil option?"
    assert asked_of_object(typed, ["number"], "Kettle", "Brewer") == typed
