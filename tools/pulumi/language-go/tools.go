//go:build tools

// Package tools pins the language host main package for `go mod tidy`.
package tools

import _ "github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go"
