"""Pictures and printable layouts of maps and C3G Books (PNG, SVG, PDF, HTML)."""
