"""The online casino: HTTP + WebSocket server over the casino core and the engines.

``create_app(ServerConfig(...))`` (:mod:`croupier.server.app`) builds the app;
``croupier serve`` runs it. See docs/api.md for the API and the WebSocket protocol.
"""
