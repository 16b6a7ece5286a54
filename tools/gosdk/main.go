// gosdk writes the Go SDK of pulumi-xads from its package schema:
//
//	gosdk <schema.json> <out-dir>
//
// It binds the schema as `pulumi package gen-sdk` does (validated against
// Pulumi's metaschema; the schema references no other package, so its
// loader is pkg/v3's null loader, which loads none) and generates the package with pkg/v3 codegen/go, in
// Go, as tools/pysdk does for Python (the CLI's gen-sdk hands Go to the Go
// language host, whose generating version the module proxy does not serve).
// out-dir is the module's root, laid out as a Pulumi provider's sdk folder:
// go.mod (module path.Dir of the package's go/ folder, requiring the pulumi
// Go SDK at pkg/v3's version; tools/gosdk/build.sh tidies it) and go/xads/.
// out-dir is emptied first, so a resource removed from the schema leaves no
// file behind.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// pulumiSDKVersion is the version of the pulumi Go SDK this tool was built
// with (pkg/v3's own requirement), which the generated go.mod requires.
func pulumiSDKVersion() (string, error) {
	info, ok := debug.ReadBuildInfo()
	if ok {
		for _, dep := range info.Deps {
			if dep.Path == "github.com/pulumi/pulumi/sdk/v3" {
				return dep.Version, nil
			}
		}
	}
	return "", fmt.Errorf("gosdk was built without github.com/pulumi/pulumi/sdk/v3 in its build info")
}

func run(schemaPath, out string) error {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, schema.NewNullLoader(), schema.ValidationOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	if diags.HasErrors() {
		return fmt.Errorf("%s does not bind: %s", schemaPath, diags.Error())
	}
	files, err := gogen.GeneratePackage("pulumi-xads tools/gosdk", pkg, nil)
	if err != nil {
		return err
	}
	info, ok := pkg.Language["go"].(gogen.GoPackageInfo)
	if !ok || info.ImportBasePath == "" {
		return fmt.Errorf("%s has no language.go.importBasePath", schemaPath)
	}
	version, err := pulumiSDKVersion()
	if err != nil {
		return err
	}
	// Codegen writes the package's folder (xads/) and no go.mod outside a
	// "support pack"; the folder goes under go/ of the module, whose path is
	// the import path's two levels up (pulumi-xads/sdk/go/xads: pulumi-xads/sdk).
	module := path.Dir(path.Dir(info.ImportBasePath))
	gomod := fmt.Sprintf("module %s\n\ngo 1.25\n\nrequire github.com/pulumi/pulumi/sdk/v3 %s\n", module, version)
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	write := func(name string, content []byte) error {
		p := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, content, 0o644)
	}
	for name, content := range files {
		if err := write(filepath.Join("go", name), content); err != nil {
			return err
		}
	}
	return write("go.mod", []byte(gomod))
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gosdk <schema.json> <out-dir>")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "gosdk:", err)
		os.Exit(1)
	}
}
