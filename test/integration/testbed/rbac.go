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
	suffix := "-" + ns
	docs, err := readDocs(rbacDir, "role.yaml", "clusterrole.yaml", "serviceaccount.yaml")
	if err != nil {
		return nil, err
	}
	saName := ""
	for _, d := range docs {
		var tm metav1.TypeMeta
		if err := sigyaml.Unmarshal(d, &tm); err != nil {
			return nil, err
		}
		switch tm.Kind {
		case "Role":
			var o rbacv1.Role
			if err := sigyaml.UnmarshalStrict(d, &o); err != nil {
				return nil, err
			}
			o.Namespace = ns
			_, err = cs.RbacV1().Roles(ns).Create(ctx, &o, metav1.CreateOptions{})
		case "ClusterRole":
			var o rbacv1.ClusterRole
			if err := sigyaml.UnmarshalStrict(d, &o); err != nil {
				return nil, err
			}
			o.Name += suffix
			_, err = cs.RbacV1().ClusterRoles().Create(ctx, &o, metav1.CreateOptions{})
		case "ServiceAccount":
			var o corev1.ServiceAccount
			if err := sigyaml.UnmarshalStrict(d, &o); err != nil {
				return nil, err
			}
			o.Namespace = ns
			saName = o.Name
			_, err = cs.CoreV1().ServiceAccounts(ns).Create(ctx, &o, metav1.CreateOptions{})
		case "RoleBinding":
			var o rbacv1.RoleBinding
			if err := sigyaml.UnmarshalStrict(d, &o); err != nil {
				return nil, err
			}
			o.Namespace = ns
			for i := range o.Subjects {
				o.Subjects[i].Namespace = ns
			}
			_, err = cs.RbacV1().RoleBindings(ns).Create(ctx, &o, metav1.CreateOptions{})
		case "ClusterRoleBinding":
			var o rbacv1.ClusterRoleBinding
			if err := sigyaml.UnmarshalStrict(d, &o); err != nil {
				return nil, err
			}
			o.Name += suffix
			o.RoleRef.Name += suffix
			for i := range o.Subjects {
				o.Subjects[i].Namespace = ns
			}
			_, err = cs.RbacV1().ClusterRoleBindings().Create(ctx, &o, metav1.CreateOptions{})
		default:
			return nil, fmt.Errorf("deploy/rbac: unexpected kind %q", tm.Kind)
		}
		if err != nil {
			return nil, fmt.Errorf("apply %s: %w", tm.Kind, err)
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
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["knee-testbed"] = &clientcmdapi.Cluster{Server: c.Host, CertificateAuthorityData: c.CAData}
	cfg.AuthInfos["knee-sa"] = &clientcmdapi.AuthInfo{Token: tr.Status.Token}
	cfg.Contexts["knee-sa"] = &clientcmdapi.Context{Cluster: "knee-testbed", AuthInfo: "knee-sa", Namespace: ns}
	cfg.CurrentContext = "knee-sa"
	id.Kubeconfig = filepath.Join(c.Dir, "sa-"+ns+".kubeconfig")
	if err := clientcmd.WriteToFile(*cfg, id.Kubeconfig); err != nil {
		return nil, err
	}
	// RBAC caches take a moment to see new bindings.
	time.Sleep(200 * time.Millisecond)
	return id, nil
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
