"""The card table: layout, card sprites, the visual model that animates engine events, and
the table scene that runs a match."""
