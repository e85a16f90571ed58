/**
 * The reference for bench/login.ts: react-admin as its documentation sets it up, with a login page
 * (react-admin's own) and one list. The auth provider signs in against nothing; no list is ever shown
 * to the bench, which loads `/#/login` signed out.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, List, Resource, TextField, type AuthProvider, type DataProvider } from 'react-admin';

const KEY = 'ra_bench_user';

const authProvider: AuthProvider = {
  login: async ({ username }: { username: string }) => {
    localStorage.setItem(KEY, username);
  },
  logout: async () => {
    localStorage.removeItem(KEY);
  },
  checkAuth: async () => {
    if (!localStorage.getItem(KEY)) throw new Error('Not signed in');
  },
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

const products = [
  { id: 1, title: 'Federal American Eagle 9mm Luger 115 gr FMJ', sku: 'AE9DP' },
  { id: 2, title: 'Hornady Match .308 Win 168 gr BTHP', sku: 'HRN8096' },
];

const dataProvider = {
  getList: async () => ({ data: products, total: products.length }),
  getOne: async (_resource: string, { id }: { id: number }) => ({ data: products.find((p) => p.id === Number(id))! }),
  getMany: async () => ({ data: products }),
  getManyReference: async () => ({ data: products, total: products.length }),
  create: async () => ({ data: products[0] }),
  update: async () => ({ data: products[0] }),
  updateMany: async () => ({ data: [] }),
  delete: async () => ({ data: products[0] }),
  deleteMany: async () => ({ data: [] }),
} as unknown as DataProvider;

function ProductList() {
  return (
    <List>
      <Datagrid>
        <TextField source="id" />
        <TextField source="title" />
        <TextField source="sku" />
      </Datagrid>
    </List>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Admin authProvider={authProvider} dataProvider={dataProvider} requireAuth>
      <Resource name="products" list={ProductList} />
    </Admin>
  </StrictMode>,
);
