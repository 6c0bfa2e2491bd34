"""Keys typed in a browser test, one after another."""


def press(page, *keys):
    for key in keys:
        page.keyboard.press(key)
