//go:build tools

// Package tools pins the YAML language host main package for `go mod tidy`.
package tools

import _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
