"""Source wording pasted into a question must parse as English: mended when plain, else dropped (made-up docs)."""

from ragstress.generators.questions.grammar_en import agreed, grammatical, pasted_broken


def test_a_bare_verb_after_for_is_broken():
    assert pasted_broken("Which function is a helper for manage kettles?")
    assert not pasted_broken("Which function is a helper for managing kettles?")
    assert not pasted_broken("Which function is a helper for cache keys?")  # "cache" may be a noun


def test_alike_takes_no_object():
    assert grammatical("Which function is a helper alike steep() but quieter?") is None
    assert grammatical("Which two functions are alike?") is not None


def test_a_kind_verb_is_put_in_the_third_person():
    assert agreed("Which option pour the water into the pot?") == "Which option pours the water into the pot?"
    assert agreed("Which property of usePot reset the timer?") == "Which property of usePot resets the timer?"
    assert agreed("Which Kettle option empty the pot?") == "Which Kettle option empties the pot?"
    assert (
        agreed("Which function of the kettle module returns a pot?")
        == "Which function of the kettle module returns a pot?"
    )


def test_a_command_name_before_the_verb_is_left_as_written():
    assert agreed("Which option of potkit install sets the pot's size?") == (
        "Which option of potkit install sets the pot's size?"
    )
    assert agreed("Which option of potkit alpha pots import sets the path to a YAML file?") == (
        "Which option of potkit alpha pots import sets the path to a YAML file?"
    )


def test_grammatical_questions_are_kept_as_they_are():
    for question in (
        "Which option sets the timeout of the pot?",
        "Which function do you use to brew tea?",
        "Which property can only be read?",
        "What is the default value of timeout in useKettle?",
        "哪个选项设置超时？",
    ):
        assert grammatical(question) == question
    assert grammatical(None) is None


def test_an_imperative_read_as_a_statement_is_broken():
    assert grammatical("Who see for the brewing options?") is None
    assert grammatical("Who wrote the brewing guide?") is not None
    assert grammatical("Who extended the brewing guide in 1952?") is not None
    assert grammatical("What is the brewing guide?") is not None


def test_a_kind_noun_read_as_a_verb_is_broken():
    assert grammatical("Which function hook for persistent pots?") is None


def test_a_subject_and_verb_disagreeing_in_number_are_broken():
    assert grammatical("Which function makes sure that the kettle are clean?") is None
    assert grammatical("Which function runs only when the lids changes?") is None
    assert grammatical("Which function runs when the lids change?") is not None
    assert grammatical("Which option is used when the pot and the lid are warm?") is not None


def test_a_kind_followed_by_an_infinitive_or_a_plural_verb_is_broken():
    # "- this.ctx.db to make database calls" read as "Which property to …": no verb of the question's own.
    assert grammatical("Which property to make database calls in Kettle?") is None
    assert grammatical("Which object are used as the description for errors in Kettle?") is None
    assert grammatical("Which property do you use to make database calls in Kettle?")
    assert grammatical("Which objects are used as the description for errors in Kettle?")


def test_chinese_clauses_read_as_what_a_name_is_are_misreadings():
    from ragstress.generators.questions.mddocs_wording import MISREAD_ZH

    # An entry's description that says what the name can do or why it exists, read as what it is.
    assert MISREAD_ZH.search("在 Kettle 中，哪个属性是可以对 URL 进行重定向处理？")
    assert MISREAD_ZH.search("在 Kettle 中，哪个方法是由于 delete 是一个保留字？")
    # A reason's clause asked without the clause it gives the reason for.
    assert MISREAD_ZH.search("在 Kettle 中，因为 roadhog 默认启动端口是多少？")
    assert not MISREAD_ZH.search("在 Kettle 中，哪个属性是当前应用 Application 对象实例？")
    assert not MISREAD_ZH.search("在 Kettle 中，哪个属性具有请求作用域？")
