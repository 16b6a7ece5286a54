// pysdk writes the Python SDK of pulumi-xads from its package schema:
//
//	pysdk <schema.json> <out-dir>
//
// It binds the schema as `pulumi package gen-sdk` does (validated against
// Pulumi's metaschema) and generates the package with pkg/v3 codegen/python,
// in Go, because the CLI's gen-sdk hands Python to the Python language host,
// which this project cannot build (README, "Python"). out-dir is emptied
// first, so a field or resource removed from the schema leaves no file behind.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noPackages is the loader of a schema that references no other package:
// any lookup is an error naming the package, never a download.
type noPackages struct{}

func (noPackages) refuse(name string) error {
	return fmt.Errorf("schema.json references package %q: pysdk loads no other package", name)
}

func (l noPackages) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return nil, l.refuse(name)
}

func (l noPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, l.refuse(d.Name)
}

func (l noPackages) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, l.refuse(name)
}

func (l noPackages) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return nil, l.refuse(d.Name)
}

// pkgName is the Python package's folder: language.python.packageName of the schema.
func pkgName(pkg *schema.Package) string {
	if info, ok := pkg.Language["python"].(python.PackageInfo); ok && info.PackageName != "" {
		return info.PackageName
	}
	return python.PyPack(pkg.Namespace, pkg.Name)
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
	pkg, diags, err := schema.BindSpec(spec, noPackages{}, schema.ValidationOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	if diags.HasErrors() {
		return fmt.Errorf("%s does not bind: %s", schemaPath, diags.Error())
	}
	files, err := python.GeneratePackage("pulumi-xads tools/pysdk", pkg, nil, noPackages{})
	if err != nil {
		return err
	}
	// pyproject.toml names README.md beside it; codegen writes it into the package folder only.
	if readme, ok := files[filepath.Join(pkgName(pkg), "README.md")]; ok {
		files["README.md"] = readme
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	for name, content := range files {
		path := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: pysdk <schema.json> <out-dir>")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "pysdk:", err)
		os.Exit(1)
	}
}
