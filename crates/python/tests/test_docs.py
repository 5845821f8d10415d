"""Every docstring example of the package runs and gives what it shows."""

import doctest

import gamesolve


def test_docstring_examples():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    examples = 0
    for test in finder.find(gamesolve, "gamesolve", globs={"gamesolve": gamesolve}):
        examples += len(test.examples)
        runner.run(test)
    assert examples >= 15
    assert runner.failures == 0, f"{runner.failures} docstring examples failed (see above)"
