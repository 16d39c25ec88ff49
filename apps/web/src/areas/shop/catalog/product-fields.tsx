import { Alert, Anchor, Grid, NumberInput, Select, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, type FormErrors, type UseFormReturnType } from '@mantine/form';
import {
  HSN_CLASSES,
  PRODUCT_CATEGORIES,
  PRODUCT_MATERIALS,
  PRODUCT_STYLES,
  ProductInputSchema,
  SIZES,
  discountPercent,
  type ProductFormInput,
  type ShopListKind,
  type ShopProduct,
} from '@bazaar/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useShopList } from '../../../api/shop-catalog/shop-lists';
import { useCatalogPaths } from './catalog-paths';
import { hsnClassOfForm, priceBandWarning } from './product-gst';

/** What the product form holds: money in rupees as typed, numbers '' while empty. */
export interface ProductFormValues {
  company: string;
  name: string;
  category: string;
  style: string;
  material: string;
  colour: string;
  size: string;
  quantity: number | '';
  mrpRupees: number | '';
  priceRupees: number | '';
  description: string;
  /** HSN class key chosen by hand; '' while untouched (the suggestion from the name applies). */
  hsnClass: string;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  company: '',
  name: '',
  category: '',
  style: '',
  material: '',
  colour: '',
  size: '',
  quantity: '',
  mrpRupees: '',
  priceRupees: '',
  description: '',
  hsnClass: '',
};

/** The form's values of a saved product (the edit modal starts from them). */
export function valuesOf(product: ShopProduct): ProductFormValues {
  return {
    company: product.company,
    name: product.name,
    category: product.category,
    style: product.style,
    material: product.material,
    colour: product.colour,
    size: product.size,
    quantity: product.quantity,
    mrpRupees: product.mrpPaise / 100,
    priceRupees: product.pricePaise / 100,
    description: product.description,
    hsnClass: product.hsnClass,
  };
}

const paise = (rupees: number | '') => (rupees === '' ? '' : String(Math.round(rupees * 100)));

/** The request fields of the form's values (rupees to paise). */
export function toProductInput(values: ProductFormValues): ProductFormInput {
  return {
    company: values.company,
    name: values.name,
    category: values.category as ProductFormInput['category'],
    style: values.style as ProductFormInput['style'],
    material: values.material as ProductFormInput['material'],
    colour: values.colour,
    size: values.size as ProductFormInput['size'],
    quantity: String(values.quantity),
    mrpPaise: paise(values.mrpRupees),
    pricePaise: paise(values.priceRupees),
    description: values.description,
    hsnClass: hsnClassOfForm(values) as ProductFormInput['hsnClass'],
  };
}

/** The form field of a request field (the server and the schema speak paise). */
export function formFieldOf(field: string): string {
  if (field === 'mrpPaise') return 'mrpRupees';
  if (field === 'pricePaise') return 'priceRupees';
  return field;
}

const productErrors = schemaResolver(ProductInputSchema, { sync: true });

/**
 * The form's `validate`: the server's own schema (ProductInputSchema) run on the request the
 * values make, so the form refuses what the server would, with the same messages; answers
 * `{ formField: message }` with the paise fields under their rupee fields.
 */
export function validateProduct(values: ProductFormValues): FormErrors {
  return Object.fromEntries(
    Object.entries(productErrors(toProductInput(values))).map(([field, message]) => [
      formFieldOf(field),
      message,
    ]),
  );
}

/**
 * What the storefront will show as the percent off for the typed MRP and price (rupees), by
 * `discountPercent`: '20% off', 'No discount' at the MRP or under 1 % off, '' while either is
 * empty or the price is over the MRP (the price field then shows why).
 */
export function percentOffText(values: Pick<ProductFormValues, 'mrpRupees' | 'priceRupees'>) {
  const { mrpRupees, priceRupees } = values;
  if (mrpRupees === '' || priceRupees === '' || priceRupees > mrpRupees) return '';
  const percent = discountPercent({
    mrpPaise: Math.round(mrpRupees * 100),
    pricePaise: Math.round(priceRupees * 100),
  });
  return percent >= 1 ? `${percent}% off` : 'No discount';
}

const HSN_OPTIONS = HSN_CLASSES.map((entry) => ({
  value: entry.key,
  label: `${entry.label} (HSN ${entry.hsn})`,
}));

const SIZE_OPTIONS = SIZES.map((size) => ({
  value: size.label,
  label: `${size.label} (chest ${size.chestInches} in, length ${size.lengthCm} cm)`,
}));

function ListSelect({
  form,
  field,
  kind,
  label,
  addLabel,
  addPath,
}: {
  form: UseFormReturnType<ProductFormValues>;
  field: 'company' | 'name' | 'colour';
  kind: ShopListKind;
  label: string;
  addLabel: string;
  addPath: string;
}) {
  const { data, isError } = useShopList(kind);
  const names = data?.items.map((entry) => entry.name) ?? [];
  const current = form.values[field];
  // A saved product may name an entry since deleted from the list: keep it selectable.
  const options = current && !names.includes(current) ? [current, ...names] : names;
  return (
    <Select
      label={label}
      withAsterisk
      searchable
      placeholder={data ? `Select ${label.toLowerCase()}` : 'Loading...'}
      data={options}
      nothingFoundMessage="No match in your list"
      description={
        isError ? (
          <Text span c="red" size="xs">
            Your list could not be loaded
          </Text>
        ) : (
          <Anchor component={Link} to={addPath} size="xs">
            {addLabel}
          </Anchor>
        )
      }
      {...form.getInputProps(field)}
    />
  );
}

/**
 * The product's fields (docs/shop-catalog.md): company, product
 * name and colour from the shop's lists (with links to add a missing one), category, style,
 * material, HSN class (suggested from name, category and material until chosen by hand),
 * size with chest and length, quantity, the MRP printed on the tag, the price (at most the MRP)
 * and, read-only, the percent off the storefront will show for them; description. Under the
 * price, a warning when the price falls in a band where no GST rate is consistent (docs/gst.md
 * "Marketplace").
 */
export function ProductFields({
  form,
  designOnly = false,
}: {
  form: UseFormReturnType<ProductFormValues>;
  /**
   * Only the design's own fields (company ... HSN class, description): colour, size, quantity and
   * money are the variant grid's (variant-grid.tsx).
   */
  designOnly?: boolean;
}) {
  const paths = useCatalogPaths();
  const bandWarning = designOnly ? null : priceBandWarning(form.values);
  const half = { base: 12, sm: 6 };
  const third = { base: 12, xs: 6, sm: 4 };
  return (
    <Grid gap="sm">
      <Grid.Col span={half}>
        <ListSelect
          form={form}
          field="company"
          kind="companies"
          label="Company"
          addLabel="Add a company"
          addPath={paths.newProduct}
        />
      </Grid.Col>
      <Grid.Col span={half}>
        <ListSelect
          form={form}
          field="name"
          kind="product-names"
          label="Product name"
          addLabel="Add a product name"
          addPath={paths.newProduct}
        />
      </Grid.Col>
      <Grid.Col span={third}>
        <Select
          label="Category"
          withAsterisk
          placeholder="Select category"
          data={[...PRODUCT_CATEGORIES]}
          {...form.getInputProps('category')}
        />
      </Grid.Col>
      <Grid.Col span={third}>
        <Select
          label="Style"
          withAsterisk
          placeholder="Select style"
          data={[...PRODUCT_STYLES]}
          {...form.getInputProps('style')}
        />
      </Grid.Col>
      <Grid.Col span={third}>
        <Select
          label="Material"
          withAsterisk
          placeholder="Select material"
          data={[...PRODUCT_MATERIALS]}
          {...form.getInputProps('material')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Select
          label="HSN class"
          withAsterisk
          searchable
          data={HSN_OPTIONS}
          allowDeselect={false}
          description={
            form.values.hsnClass === ''
              ? 'Suggested from the product name, category and material: check it'
              : 'Decides the HSN code and the GST rate on your invoices'
          }
          {...form.getInputProps('hsnClass')}
          value={hsnClassOfForm(form.values)}
          onChange={(value) => form.setFieldValue('hsnClass', value ?? '')}
        />
      </Grid.Col>
      {!designOnly && (
        <>
          <Grid.Col span={half}>
            <ListSelect
              form={form}
              field="colour"
              kind="colours"
              label="Colour"
              addLabel="Add a colour"
              addPath={paths.addColour}
            />
          </Grid.Col>
          <Grid.Col span={half}>
            <Select
              label="Size"
              withAsterisk
              placeholder="Select size"
              data={SIZE_OPTIONS}
              description="Chest in inches, length in cm"
              {...form.getInputProps('size')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="Quantity"
              withAsterisk
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('quantity')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="MRP (₹)"
              withAsterisk
              min={0}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('mrpRupees')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="Price (₹)"
              withAsterisk
              min={0}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('priceRupees')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label="Off the MRP"
              readOnly
              variant="filled"
              value={percentOffText(form.values)}
            />
          </Grid.Col>
        </>
      )}
      {bandWarning && (
        <Grid.Col span={12}>
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="No GST rate fits this price"
          >
            {bandWarning}
          </Alert>
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
      </Grid.Col>
    </Grid>
  );
}
