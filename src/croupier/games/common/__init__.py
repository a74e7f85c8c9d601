"""Pieces every banked table game shares: reading profile settings, who may
sit where (light and dark boxes), and capping a box's winnings."""
