"""Test-only stand-in packages for the static site's browser test (tests/browser/test_site.py): data, not tests."""

collect_ignore = ["standins"]
