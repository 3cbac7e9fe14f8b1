package ai

// DefaultLevel is temporary until the notation branch lands.
const DefaultLevel = "medium"
