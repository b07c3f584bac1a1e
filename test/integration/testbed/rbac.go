package testbed

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	authenticationv1 "k8s.io/api/authentication/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	sigyaml "sigs.k8s.io/yaml"
)

// Identity is a ServiceAccount bound to the committed RBAC of deploy/rbac,
// with a token from the TokenRequest API.
type Identity struct {
	Config     *rest.Config
	Kubeconfig string // kubeconfig file with the token, context "knee-sa", namespace ns
}

// BindServiceAccount applies deploy/rbac (role.yaml, clusterrole.yaml,
// serviceaccount.yaml) to namespace ns — cluster-scoped names get a suffix
// so tests do not share them — and returns the ServiceAccount's identity.
func (c *Cluster) BindServiceAccount(ctx context.Context, rbacDir, ns string) (*Identity, error) {
	cs := c.AdminCS
	docs, err := readDocs(rbacDir, "role.yaml", "clusterrole.yaml", "serviceaccount.yaml")
	if err != nil {
		return nil, err
	}
	saName := ""
	for _, d := range docs {
		name, err := applyRBACDoc(ctx, cs, d, ns, "-"+ns)
		if err != nil {
			return nil, err
		}
		if name != "" {
			saName = name
		}
	}
	if saName == "" {
		return nil, fmt.Errorf("deploy/rbac has no ServiceAccount")
	}
	exp := int64(3600)
	tr, err := cs.CoreV1().ServiceAccounts(ns).CreateToken(ctx, saName, &authenticationv1.TokenRequest{
		Spec: authenticationv1.TokenRequestSpec{ExpirationSeconds: &exp},
	}, metav1.CreateOptions{})
	if err != nil {
		return nil, fmt.Errorf("TokenRequest for %s/%s: %w", ns, saName, err)
	}
	id := &Identity{Config: &rest.Config{
		Host: c.Host, BearerToken: tr.Status.Token, QPS: 100, Burst: 200,
		TLSClientConfig: rest.TLSClientConfig{CAData: c.CAData},
	}}
	if id.Kubeconfig, err = c.writeSAKubeconfig(ns, tr.Status.Token); err != nil {
		return nil, err
	}
	// RBAC caches take a moment to see new bindings.
	time.Sleep(200 * time.Millisecond)
	return id, nil
}

// applyRBACDoc creates one document of deploy/rbac in namespace ns, its
// cluster-scoped names (and the role a ClusterRoleBinding refers to) with
// suffix; name is the ServiceAccount's name when the document is one.
func applyRBACDoc(ctx context.Context, cs kubernetes.Interface, d []byte, ns, suffix string) (name string, err error) {
	var tm metav1.TypeMeta
	if err := sigyaml.Unmarshal(d, &tm); err != nil {
		return "", err
	}
	inNS := func(s []rbacv1.Subject) {
		for i := range s {
			s[i].Namespace = ns
		}
	}
	switch tm.Kind {
	case "Role":
		return "", create(ctx, d, tm.Kind, func(o *rbacv1.Role) { o.Namespace = ns }, cs.RbacV1().Roles(ns).Create)
	case "ClusterRole":
		return "", create(ctx, d, tm.Kind, func(o *rbacv1.ClusterRole) { o.Name += suffix }, cs.RbacV1().ClusterRoles().Create)
	case "ServiceAccount":
		err := create(ctx, d, tm.Kind, func(o *corev1.ServiceAccount) { o.Namespace, name = ns, o.Name }, cs.CoreV1().ServiceAccounts(ns).Create)
		return name, err
	case "RoleBinding":
		return "", create(ctx, d, tm.Kind, func(o *rbacv1.RoleBinding) {
			o.Namespace = ns
			inNS(o.Subjects)
		}, cs.RbacV1().RoleBindings(ns).Create)
	case "ClusterRoleBinding":
		return "", create(ctx, d, tm.Kind, func(o *rbacv1.ClusterRoleBinding) {
			o.Name += suffix
			o.RoleRef.Name += suffix
			inNS(o.Subjects)
		}, cs.RbacV1().ClusterRoleBindings().Create)
	}
	return "", fmt.Errorf("deploy/rbac: unexpected kind %q", tm.Kind)
}

// create reads document d strictly as a T, adjusts it and creates it.
func create[T any](ctx context.Context, d []byte, kind string, adjust func(*T), apply func(context.Context, *T, metav1.CreateOptions) (*T, error)) error {
	var o T
	if err := sigyaml.UnmarshalStrict(d, &o); err != nil {
		return err
	}
	adjust(&o)
	if _, err := apply(ctx, &o, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("apply %s: %w", kind, err)
	}
	return nil
}

// writeSAKubeconfig writes a kubeconfig with the ServiceAccount's token,
// context "knee-sa" in namespace ns, and returns its path.
func (c *Cluster) writeSAKubeconfig(ns, token string) (string, error) {
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["knee-testbed"] = &clientcmdapi.Cluster{Server: c.Host, CertificateAuthorityData: c.CAData}
	cfg.AuthInfos["knee-sa"] = &clientcmdapi.AuthInfo{Token: token}
	cfg.Contexts["knee-sa"] = &clientcmdapi.Context{Cluster: "knee-testbed", AuthInfo: "knee-sa", Namespace: ns}
	cfg.CurrentContext = "knee-sa"
	path := filepath.Join(c.Dir, "sa-"+ns+".kubeconfig")
	if err := clientcmd.WriteToFile(*cfg, path); err != nil {
		return "", err
	}
	return path, nil
}

func readDocs(dir string, files ...string) ([][]byte, error) {
	var out [][]byte
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			return nil, err
		}
		for _, d := range bytes.Split(b, []byte("\n---")) {
			if len(bytes.TrimSpace(stripComments(d))) > 0 {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

func stripComments(b []byte) []byte {
	var out [][]byte
	for _, l := range bytes.Split(b, []byte("\n")) {
		if t := bytes.TrimSpace(l); len(t) > 0 && t[0] != '#' {
			out = append(out, l)
		}
	}
	return bytes.Join(out, []byte("\n"))
}
