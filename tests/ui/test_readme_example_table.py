"""The README's house-rules example plays at the table (issue 18), bots in every seat."""

from game.store.tables import table_named
from game.ui.demo import run_demo
from tests.content.test_readme_example import readme_house_file


def test_the_readme_example_plays_at_the_table(app, tmp_path):
    path = readme_house_file(tmp_path)
    driver = run_demo(app, table_named(str(path)), 2, None, seed=5, bot_level="easy")
    assert driver.hands_done >= 2
