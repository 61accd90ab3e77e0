"""Age of Thirst (Епоха спраги): its spec, rules, content data and bots."""
