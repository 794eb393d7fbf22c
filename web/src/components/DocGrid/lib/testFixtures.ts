// Shared fixtures of the DocGrid tests.
import type { GridSettings } from '../types'
import type { CachedGoods } from './goodsSearch'

export const settings: GridSettings = {
  taxOn: true,
  priceIsTax: false,
  defaultTaxRate: '13',
  qtyPlaces: 4,
  pricePlaces: 4,
  amountPlaces: 2,
  multiUnit: true,
  skus: true,
  serials: true,
  batches: true,
  lineWarehouse: true,
  money: true,
  cost: true,
}

export const goods: CachedGoods[] = [
  {
    id: 1,
    number: 'SP001',
    name: '可口可乐',
    spec: '330ml',
    unitId: 10,
    unitName: '瓶',
    barCode: '690001',
    salePrice: '3.5',
    purPrice: '2',
    locationId: 0,
    units: [
      {
        unitId: 10,
        unitName: '瓶',
        rate: '1',
        isBase: 1,
        barCode: '690001',
        purPrice: '2',
        salePrice: '3.5',
        wholesalePrice: '3',
        vipPrice: '3.2',
      },
      {
        unitId: 11,
        unitName: '箱',
        rate: '24',
        isBase: 0,
        barCode: '690024',
        purPrice: '45',
        salePrice: '80',
        wholesalePrice: '70',
        vipPrice: '75',
      },
    ],
    skus: [],
  },
  {
    id: 2,
    number: 'SP002',
    name: '雪碧',
    spec: '',
    unitId: 10,
    unitName: '瓶',
    barCode: '',
    salePrice: '3',
    purPrice: '2',
    units: [],
    skus: [{ id: 7, skuName: '红/L', skuAssistId: '1,2', barCode: '777', disable: 0 }],
  },
]
