"""For people: a deal as text (`render`), as SVG (`svg`), and narrated (`narrate`)."""
