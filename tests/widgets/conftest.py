"""Fixtures for the widgets tests."""
import pytest

from wtools import Notebook


@pytest.fixture
def nb():
    n = Notebook()
    yield n
    n.close()
