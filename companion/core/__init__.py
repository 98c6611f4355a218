"""The basics every part uses: keys, errors, words and numbers in two languages, names, dice."""
