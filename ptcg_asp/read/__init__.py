"""Stage 1, read: YAML read safely with line numbers, scenario files into the game model, input errors.

The stages, in the order of the flow, each importing only from the stages before it
(tests/test_layout.py): read < cards < solve < tell < cli.
"""
