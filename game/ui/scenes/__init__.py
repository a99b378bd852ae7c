"""Scenes: menus, the phase overlays in front of the table, and information displays."""
