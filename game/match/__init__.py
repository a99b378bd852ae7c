"""Playing games without a window: the match controller the table and the tutorial drive, the
duplicate-match harness behind ``pinochle match``, and the headless simulation behind
``pinochle simulate``."""
